/**
 * Issue 32, point 1: viewing a phone's crafted run cannot hold the server. Two traces the limits
 * allow: the suite's worst (`drafts-index-tick` × bash, 120 calls of 20,000-character fills, each
 * writing a file its milestones read) and 1,000 bash calls of one turn, each writing a 4,000-character
 * `/reminders/rN.md` for `dentist-todo-reminder` (a glob milestone matches every one; its score runs
 * out of time). Before, the run page re-judged every milestone after every call on the request
 * thread: 1.8 s and 7.1 s here, 15–28 s on a loaded machine. Now milestone labels come from the
 * calls the scorer kept and a page builds at most CALLS_IN_FULL calls, each text capped. A timer probe
 * on the same thread measures the longest the event loop was held while the view and the trace API
 * answer (and the side-by-side view of each run beside itself), and the session page and the exports of those runs: within 200 ms, or a quarter of the
 * answer's own time on a busy machine.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { remindersTraceFields, worstTraceFields } from "../support/worst-trace";
import { getRunView } from "@/server/runs/getRunView";
import { getSideBySide } from "@/server/runs/getSideBySide";
import { setScoreTimeLimit } from "@/server/scoring/workers";
import { CALLS_IN_FULL, CHARS_PER_TEXT } from "@/domain/trace";

let dash: TestDashboard;
let token: string;
beforeAll(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  token = (await dash.call("POST", "/api/devices", { json: { name: "crafty phone" } })).body.token;
});
afterAll(() => {
  setScoreTimeLimit(undefined);
  dash?.close();
});

async function submit(task: string, fields: object): Promise<string> {
  await dash.call("POST", "/api/sessions", { json: { name: task, configs: ["bash"], tasks: [task], repeats: 1 } });
  const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
  const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
    json: { ...traceFor(job), ...fields },
    token,
  });
  expect(r.status).toBe(201);
  return r.body.runId as string;
}

const reminders = remindersTraceFields();

/**
 * The least the thread was held over three runs of `work` (`once`): the code's own cost. Another
 * process competing for the CPU (two test workers, a build) only ever adds to a run's hold, so the
 * best of three measures the request, not the machine's load at that moment.
 */
async function held<T>(work: () => Promise<T>): Promise<{ value: T; heldMs: number; tookMs: number }> {
  let best = await once(work);
  for (let k = 0; k < 2 && best.heldMs >= 100; k++) {
    const next = await once(work);
    if (next.heldMs < best.heldMs) best = next;
  }
  return best;
}

/**
 * Runs `work` while a 10 ms timer probes the thread: the longest gap between ticks beyond 10 ms,
 * counting of each gap only the CPU time this process spent in it. A gap the operating system made
 * by giving the CPU to another process (two test workers, a build, other agents: a load of 7 made
 * a 150 ms view read 270 ms of wall time) is not the thread being held, and does not count.
 */
async function once<T>(work: () => Promise<T>): Promise<{ value: T; heldMs: number; tookMs: number }> {
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let last = performance.now();
  let lastCpu = cpuMs();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = cpuMs();
    worst = Math.max(worst, Math.min(now - last - 10, cpu - lastCpu));
    last = now;
    lastCpu = cpu;
  }, 10);
  const t0 = performance.now();
  const value = await work();
  const tookMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 25));
  clearInterval(timer);
  return { value, heldMs: Math.max(worst, 0), tookMs };
}

/** Scoring is off-thread with a time limit: wait until the run has its score (or is marked unscorable). */
async function scored(runId: string) {
  for (;;) {
    const r = await dash.call("GET", `/api/runs/${runId}`);
    if (r.status === 200 && r.body.score) return r.body;
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe("the run page and the trace API are bounded", () => {
  it("answer for the worst traces the limits allow without holding the event loop", async () => {
    const worst = await submit("drafts-index-tick", worstTraceFields());
    const many = await submit("dentist-todo-reminder", reminders);
    for (const id of [worst, many]) {
      await scored(id);
      const view = await held(() => getRunView(dash.ctx, id));
      const api = await held(() => dash.call("GET", `/api/runs/${id}`));
      expect(api.value.status).toBe(200);
      // Issue 34.9: the run beside itself, so every call's arguments are compared in full.
      const side = await held(() => getSideBySide(dash.ctx, { aRun: id, bRun: id }));
      expect(side.value.divergence?.kind).toBe("same");
      for (const h of [view, api, side]) expect(h.heldMs).toBeLessThan(Math.max(200, h.tookMs / 4));
    }
  }, 120_000);

  it("builds at most CALLS_IN_FULL calls in full and caps each text, saying how many it listed by name", async () => {
    // A scoring time limit no trace meets, so this run's score is unscorable on any machine.
    setScoreTimeLimit(1);
    const many = await submit("dentist-todo-reminder", reminders);
    await scored(many);
    setScoreTimeLimit(undefined);
    const v = await getRunView(dash.ctx, many);
    expect(v.callCount).toBe(1000);
    const calls = v.turns[0].calls;
    expect(calls).toHaveLength(1000);
    expect(calls.filter((c) => !c.brief)).toHaveLength(CALLS_IN_FULL);
    expect(v.listedByName).toBe(1000 - CALLS_IN_FULL);
    expect(calls[CALLS_IN_FULL]).toMatchObject({ brief: true, args: null, result: null, deltas: [] });
    expect(calls[0].deltas[0]).toMatchObject({ path: "/reminders/r0.md", status: "added" });
    expect(calls[0].deltas[0].after!.length).toBeLessThanOrEqual(CHARS_PER_TEXT + 200);
    // Its score ran out of time: it kept no milestone calls, so the page labels nothing.
    expect(v.data.score.unscorable).toMatch(/longer than the/);
    expect(calls.every((c) => c.reached.length === 0)).toBe(true);

    const worst = await submit("drafts-index-tick", worstTraceFields());
    await scored(worst);
    const w = await getRunView(dash.ctx, worst);
    const first = w.turns[0].calls[0];
    expect(typeof first.args).toBe("string");
    expect((first.args as string).length).toBeLessThan(20_000);
    expect(first.args as string).toContain("more characters: the whole text is in the raw trace");
  }, 120_000);

  it("labels calls from the milestones the scorer kept, and says so when a score did not keep them", async () => {
    // A run that reaches the task's four milestones at calls 1, 2, 4 and 5.
    const bash = (command: string, changes: { path: string; content: string }[] = []) => ({
      name: "bash",
      args: { command },
      ok: true,
      result: "",
      changes,
    });
    const toolCalls = [
      bash("grep -ri dentist /notes"),
      bash("cat /notes/health.md"),
      bash("date"),
      bash("printf '…' > /reminders/dentist.md", [
        { path: "/reminders/dentist.md", content: "Dentist check-up on 2026-11-03 at 10:30\n" },
      ]),
      bash("printf '…' >> /todo.md", [{ path: "/todo.md", content: "# To do\n\n- [ ] Go to the dentist on 3 Nov\n" }]),
    ];
    const turn = { promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…" };
    const runId = await submit("dentist-todo-reminder", { turns: [{ ...turn, toolCalls }] });
    const body = await scored(runId);
    const milestones = body.task.milestones as { label: string }[];
    const kept = body.score.milestoneCalls as (number | null)[];
    // One entry per milestone, each a call of the run or null, agreeing with the stored count.
    expect(kept).toHaveLength(milestones.length);
    expect(kept.filter((k) => k !== null)).toHaveLength(body.score.milestonesReached);
    expect(kept).toEqual([1, 2, 4, 5]);
    const v = await getRunView(dash.ctx, runId);
    expect(v.labelsNotStored).toBe(false);
    const labelled = v.turns.flatMap((t) => t.calls).filter((c) => c.reached.length > 0);
    expect(labelled.map((c) => [c.n, c.reached])).toEqual(
      milestones
        .map((m, j) => [kept[j], m.label] as const)
        .filter(([k]) => k !== null && k <= v.turns.flatMap((t) => t.calls).length)
        .map(([k, label]) => [k, [label]]),
    );
    // A score written before the column: no labels, and the page says to rescore.
    await dash.exec("UPDATE scores SET milestone_calls = NULL WHERE run_id = ?", runId);
    const old = await getRunView(dash.ctx, runId);
    expect(old.labelsNotStored).toBe(true);
    expect(old.turns.flatMap((t) => t.calls).every((c) => c.reached.length === 0)).toBe(true);
    expect((await dash.call("GET", `/api/runs/${runId}`)).body.score.milestoneCalls).toBeNull();
  }, 120_000);

  it("answers the session page's view and every export of those runs without holding the event loop", async () => {
    const worst = await submit("drafts-index-tick", worstTraceFields());
    const many = await submit("dentist-todo-reminder", reminders);
    const runs = await Promise.all([scored(worst), scored(many)]);
    const sessions = runs.map((r) => r.run.sessionId as string);
    const q = sessions.map((id) => `session=${id}`).join("&");
    for (const id of sessions) {
      const view = await held(() => dash.call("GET", `/api/sessions/${id}/runs`));
      expect(view.value.status).toBe(200);
      expect(view.heldMs).toBeLessThan(Math.max(200, view.tookMs / 4));
    }
    for (const file of ["runs.csv", "runs.json", "turns.csv", "calls.csv"]) {
      const r = await held(() => dash.call("GET", `/api/export/${file}?${q}&includeTrial=1`));
      expect(r.value.status, file).toBe(200);
      expect(r.heldMs, file).toBeLessThan(Math.max(200, r.tookMs / 4));
    }
  }, 120_000);
});
