import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runDevice } from "@/sim";
import { pollBody, runQueue, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
beforeEach(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  token = (await dash.call("POST", "/api/devices", { json: { name: "sims" } })).body.token;
});
afterEach(() => dash?.close());

const queue = (json: Record<string, unknown>) =>
  dash.call("POST", "/api/sessions", { json: { name: "adaptive", configs: ["files", "bash"], ...json } });

type JobRow = { taskId: string; configId: string; repeat: number; reason: string | null; position: number };
const jobsOf = async (id: string) =>
  (
    (await dash.rows(
      `SELECT task_id AS "taskId", config_id AS "configId", repeat, queue_reason AS reason, position FROM jobs WHERE session_id = ? ORDER BY position`,
      id,
    )) as JobRow[]
  ).map((j) => ({ ...j, repeat: Number(j.repeat), position: Number(j.position) }));

/** Simulated phones over the dashboard's handlers until the queue is empty. */
const simulate = (effect: { a: string; b: string; failShare: number }, seed = 3) =>
  runDevice({
    url: "http://127.0.0.1:3000",
    token,
    deviceId: "sim-1",
    seed,
    stopWhenIdle: true,
    waitSeconds: 0,
    speed: 1e9,
    fetch: dash.fetch,
    sleep: () => Promise.resolve(),
    effect,
  });

describe("adaptive repeats (issue 36.2)", () => {
  it("queues the minimum, then pairs only where informative, stops once decided, and says what it saved", async () => {
    const r = await queue({
      seed: 5,
      adaptive: { minRepeats: 1, maxRepeats: 3 },
      plan: { a: "files", b: "bash" },
    });
    expect(r.status).toBe(201);
    const id = r.body.session.id as string;
    const tasks = (await dash.call("GET", `/api/sessions/${id}`)).body.session.taskIds.length as number;
    // The minimum: every task × config once, each with its reason.
    expect(r.body.session.jobs).toBe(tasks * 2);
    const before = await dash.call("GET", `/api/sessions/${id}`);
    expect(before.body.session.repeats).toBe(3);
    expect(before.body.session.plan).toMatchObject({ minRepeats: 1, maxRepeats: 3 });
    expect(before.body.session.adaptive).toMatchObject({
      minRepeats: 1,
      maxRepeats: 3,
      state: "running",
      direction: null,
      runsQueued: tasks * 2,
      runsSaved: tasks * 2 * 3 - tasks * 2,
      line: "undecided: 0 tasks still disagree",
    });

    // b fails about 60% of the tasks a passes: a clear effect.
    await simulate({ a: "files", b: "bash", failShare: 0.6 });
    // Nothing left worth running: the next poll gets 204.
    expect((await dash.call("POST", "/api/device/v1/poll?wait=0", { json: pollBody, token })).status).toBe(204);

    const s = (await dash.call("GET", `/api/sessions/${id}`)).body.session;
    expect(s.adaptive.state).toBe("decided");
    expect(s.adaptive.direction).toBe("a");
    expect(s.adaptive.interval[1]).toBeLessThan(0);
    expect(s.adaptive.line).toMatch(/^files better than bash by \d+–\d+ pts \(anytime 95%\): decided$/);
    const jobs = await jobsOf(id);
    expect(s.adaptive.runsQueued).toBe(jobs.length);
    expect(s.adaptive.runsSaved).toBe(tasks * 2 * 3 - jobs.length);
    expect(s.adaptive.runsSaved).toBeGreaterThan(0);
    // The simulated phones run at 10⁹× speed: the saving in phone-hours is there, rounded to 0.1 h.
    expect(s.adaptive.phoneHoursSaved).not.toBeNull();
    expect(s.adaptive.settled.length).toBe(tasks);
    expect(s.counts.queued + s.counts.leased).toBe(0);

    // Every job says why it was queued; extra pairs come in twos (one per config), after the minimum.
    expect(jobs.slice(0, tasks * 2).every((j) => j.reason === "minimum" && j.repeat === 1)).toBe(true);
    const extra = jobs.slice(tasks * 2);
    expect(extra.length % 2).toBe(0);
    for (let i = 0; i < extra.length; i += 2) {
      const [x, y] = [extra[i], extra[i + 1]];
      expect(x.taskId).toBe(y.taskId);
      expect(x.repeat).toBe(y.repeat);
      expect(new Set([x.configId, y.configId])).toEqual(new Set(["files", "bash"]));
      expect(["discordant", "repeats_disagree"]).toContain(x.reason);
    }
    // Tasks where b fails what a passes got pairs as discordant; a task both sides passed settled at the minimum.
    expect(extra.some((j) => j.reason === "discordant")).toBe(true);
    const settledAtMinimum = s.adaptive.settled.filter((t: { aRuns: number }) => t.aRuns === 1);
    expect(settledAtMinimum.length).toBeGreaterThan(0);
    for (const t of settledAtMinimum) expect(t.aPassed).toBe(t.bPassed);
  });

  it("with no effect settles every task at the minimum and ends exhausted, undecided", async () => {
    const id = (
      await queue({
        seed: 2,
        tasks: { groups: ["no_files"] },
        adaptive: { minRepeats: 2, maxRepeats: 4 },
        plan: { a: "files", b: "bash" },
      })
    ).body.session.id as string;
    await simulate({ a: "files", b: "bash", failShare: 0 });
    const s = (await dash.call("GET", `/api/sessions/${id}`)).body.session;
    expect(s.adaptive.state).toBe("exhausted");
    expect(s.adaptive.direction).toBeNull();
    expect(s.adaptive.line).toMatch(/^undecided at the maximum repeats: 0 tasks still disagree/);
    expect(s.adaptive.runsQueued).toBe(s.taskIds.length * 2 * 2);
    expect(s.adaptive.runsSaved).toBe(s.taskIds.length * 2 * 2);
  });

  it("refuses an adaptive session without a plan, with repeats other than its maximum, or bounds the wrong way", async () => {
    const noPlan = await queue({ adaptive: { minRepeats: 1, maxRepeats: 3 } });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.error.issues).toEqual([
      { path: "plan", message: "an adaptive session needs a plan naming a and b" },
    ]);
    const repeats = await queue({
      repeats: 2,
      adaptive: { minRepeats: 1, maxRepeats: 3 },
      plan: { a: "files", b: "bash" },
    });
    expect(repeats.status).toBe(400);
    expect(repeats.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["repeats"]);
    const backwards = await queue({ adaptive: { minRepeats: 3, maxRepeats: 1 }, plan: { a: "files", b: "bash" } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["adaptive.maxRepeats"]);
    const planBounds = await queue({
      adaptive: { minRepeats: 1, maxRepeats: 3 },
      plan: { a: "files", b: "bash", maxRepeats: 2 },
    });
    expect(planBounds.status).toBe(400);
    expect(planBounds.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["plan.maxRepeats"]);
  });

  it("leaves a fixed-design session alone: adaptive is null and no job has a reason", async () => {
    const id = (await queue({ repeats: 1, tasks: { groups: ["no_files"] } })).body.session.id as string;
    await runQueue(dash, token, () => ({}));
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.adaptive).toBeNull();
    expect((await jobsOf(id)).every((j) => j.reason === null)).toBe(true);
  });

  it("takes a step when a lease expires for good: a side left without its minimum gets a new pair", async () => {
    const id = (
      await queue({
        seed: 1,
        tasks: ["miles-to-km"],
        maxAttempts: 1,
        leaseSeconds: 5,
        adaptive: { minRepeats: 1, maxRepeats: 2 },
        plan: { a: "files", b: "bash" },
      })
    ).body.session.id as string;
    // One job runs; the other is leased and its phone vanishes.
    const first = await dash.call("POST", "/api/device/v1/poll?wait=0", { json: pollBody, token });
    const second = await dash.call("POST", "/api/device/v1/poll?wait=0", { json: pollBody, token });
    expect([first.status, second.status]).toEqual([200, 200]);
    const done = await dash.call("POST", `/api/device/v1/jobs/${first.body.job.id}/result`, {
      json: traceFor(first.body.job),
      token,
    });
    expect(done.status).toBe(201);
    expect((await jobsOf(id)).length).toBe(2);
    dash.advance(6_000);
    // The expiry fails the job (one attempt) and the step queues repeat 2 on both sides, for the minimum.
    const next = await dash.call("POST", "/api/device/v1/poll?wait=0", { json: pollBody, token });
    expect(next.status).toBe(200);
    const jobs = await jobsOf(id);
    expect(
      jobs
        .slice(2)
        .map((j) => [j.repeat, j.reason])
        .sort(),
    ).toEqual([
      [2, "minimum"],
      [2, "minimum"],
    ]);
    expect(new Set(jobs.slice(2).map((j) => j.configId))).toEqual(new Set(["files", "bash"]));
    const s = (await dash.call("GET", `/api/sessions/${id}`)).body.session;
    expect(s.counts.failed).toBe(1);
    expect(s.adaptive.state).toBe("running");
  });
});
