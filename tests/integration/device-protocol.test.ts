import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Job, ResultResponse } from "@/domain/protocol";
import { TEST_ENGINE, pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;

beforeEach(async () => {
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "lab phone" } })).body.token;
});
afterEach(() => dash.close());

async function queue(extra: Record<string, unknown> = {}) {
  const r = await dash.call("POST", "/api/sessions", {
    json: {
      name: "Step 1",
      suite: "mini",
      configs: ["files"],
      tasks: ["dentist-todo"],
      repeats: 1,
      order: "blocked",
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  return r.body.session as { id: string; jobs: number; seed: number };
}
const poll = (t = token, q = "") => dash.call("POST", `/api/device/v1/poll${q}`, { json: pollBody, token: t });
const dbCount = (sql: string, ...args: unknown[]) => dash.count(sql, ...args);

describe("authentication", () => {
  it("answers 401 with the error body for a missing, unknown or revoked token", async () => {
    await queue();
    const missing = await dash.call("POST", "/api/device/v1/poll", { json: pollBody });
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe("unauthorized");
    expect(missing.body.error.message).toMatch(/Bearer/);
    expect((await poll("hl_not-a-token")).status).toBe(401);
    expect((await poll()).status).toBe(200);

    const devices = await dash.call("GET", "/api/devices");
    const id = devices.body.devices[0].id;
    expect(devices.body.devices[0]).toMatchObject({
      name: "lab phone",
      revoked: false,
      lastSeenAt: expect.any(String),
    });
    expect((await dash.call("DELETE", `/api/devices/${id}`)).status).toBe(200);
    expect((await poll()).status).toBe(401);
    expect((await dash.call("GET", "/api/devices")).body.devices[0].revoked).toBe(true);
  });

  it("stores only a hash of the token", async () => {
    const stored = (await dash.row("SELECT token_hash FROM devices")) as { token_hash: string };
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(token);
  });
});

describe("poll", () => {
  it("answers 204 when there is no job", async () => {
    expect((await poll()).status).toBe(204);
  });

  it("leases a job shaped as protocol.md §1", async () => {
    const s = await queue({ leaseSeconds: 90 });
    const r = await poll();
    expect(r.status).toBe(200);
    const job = Job.parse(r.body.job);
    expect(job).toMatchObject({
      attempt: 1,
      repeat: 1,
      session: { id: s.id, name: "Step 1" },
      task: { id: "dentist-todo", version: 1 },
      config: { id: "files", version: 1, contextWindow: 2048, maxToolCalls: 12 },
      lease: { heartbeatSeconds: 30, expiresAt: new Date(dash.now() + 90_000).toISOString() },
      protocol: { warmup: true, rest: { untilThermal: "nominal", maxSeconds: 180 } },
    });
    expect(job.task.workspace.files.map((f) => f.path)).toEqual(["/notes/health.md", "/todo.md"]);
    expect((await poll()).status).toBe(204);
  });

  it("leases the oldest session first, then in the session's job order", async () => {
    const first = await queue({ name: "first", tasks: "all", configs: ["files", "bash"], repeats: 1 });
    await queue({ name: "second" });
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const j = (await poll()).body.job;
      seen.push(`${j.session.name}:${j.config.id}/${j.task.id}`);
    }
    expect(first.jobs).toBe(4);
    expect(seen).toEqual([
      "first:files/dentist-todo",
      "first:files/sum",
      "first:bash/dentist-todo",
      "first:bash/sum",
      "second:files/dentist-todo",
    ]);
  });

  it("rejects a malformed body with 400 listing every issue", async () => {
    const r = await dash.call("POST", "/api/device/v1/poll", {
      json: { device: { id: "" }, state: { thermal: "hot" } },
      token,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_request");
    const paths = r.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["device.id", "device.model", "build", "state.thermal"]));
  });

  it("rejects invalid JSON and a wait outside 0–30 s", async () => {
    const bad = await dash.call("POST", "/api/device/v1/poll", {
      body: "{not json",
      token,
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    const wait = await poll(token, "?wait=31");
    expect(wait.status).toBe(400);
    expect(wait.body.error.issues[0].path).toBe("wait");
  });

  it("long-polls until a job is queued", async () => {
    const waiting = poll(token, "?wait=5");
    await new Promise((r) => setTimeout(r, 50));
    await queue();
    const r = await waiting;
    expect(r.status).toBe(200);
    expect(r.body.job.task.id).toBe("dentist-todo");
  });

  it("long-polls and gives up with 204 when nothing arrives", async () => {
    const started = Date.now();
    expect((await poll(token, "?wait=1")).status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe("heartbeat", () => {
  it("extends the lease to now + leaseSeconds", async () => {
    await queue({ leaseSeconds: 60 });
    const job = (await poll()).body.job;
    dash.advance(40_000);
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
      json: { leaseToken: job.lease.token, turn: 3 },
      token,
    });
    expect(r.status).toBe(200);
    expect(r.body.expiresAt).toBe(new Date(dash.now() + 60_000).toISOString());
    dash.advance(40_000); // 80 s after the lease: alive only because of the heartbeat
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
          json: { leaseToken: job.lease.token },
          token,
        })
      ).status,
    ).toBe(200);
  });

  it("answers 404 for an unknown job and 409 lease_lost for a token never issued", async () => {
    await queue();
    const job = (await poll()).body.job;
    const unknown = await dash.call("POST", "/api/device/v1/jobs/job_nope/heartbeat", {
      json: { leaseToken: job.lease.token },
      token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    const stranger = await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
      json: { leaseToken: "lease_forged" },
      token,
    });
    expect(stranger.status).toBe(409);
    expect(stranger.body.error.code).toBe("lease_lost");
  });
});

describe("lease expiry", () => {
  it("re-queues an expired lease by itself, with the next attempt, and then fails it after maxAttempts", async () => {
    const s = await queue({ leaseSeconds: 10, maxAttempts: 2 });
    const first = (await poll()).body.job;
    dash.advance(10_001);
    // No request about this job: the server's own sweep notices the expiry.
    const { expireLeases } = await import("@/server/queue/expireLeases");
    expect(await expireLeases(dash.ctx)).toBe(1);
    expect((await dash.call("GET", `/api/sessions/${s.id}`)).body.session.counts).toMatchObject({
      queued: 1,
      leased: 0,
    });

    const late = await dash.call("POST", `/api/device/v1/jobs/${first.id}/heartbeat`, {
      json: { leaseToken: first.lease.token },
      token,
    });
    expect(late.status).toBe(409);

    const second = (await poll()).body.job;
    expect(second).toMatchObject({ id: first.id, attempt: 2 });
    dash.advance(10_001);
    expect((await poll()).status).toBe(204);
    const job = await dash.row("SELECT state, failure_reason FROM jobs WHERE id = ?", first.id);
    expect(job).toEqual({ state: "failed", failure_reason: "lease_expired" });
  });
});

describe("fail", () => {
  it("re-queues with the next attempt, then fails with the device's reason", async () => {
    await queue({ maxAttempts: 2 });
    const a1 = (await poll()).body.job;
    const r1 = await dash.call("POST", `/api/device/v1/jobs/${a1.id}/fail`, {
      json: { leaseToken: a1.lease.token, reason: "model_load_failed", detail: "out of memory" },
      token,
    });
    expect(r1).toEqual({ status: 200, body: { job: { state: "queued", attempt: 2 } } });
    const again = await dash.call("POST", `/api/device/v1/jobs/${a1.id}/fail`, {
      json: { leaseToken: a1.lease.token, reason: "model_load_failed" },
      token,
    });
    expect(again.status).toBe(409);
    const a2 = (await poll()).body.job;
    const r2 = await dash.call("POST", `/api/device/v1/jobs/${a2.id}/fail`, {
      json: { leaseToken: a2.lease.token, reason: "workspace_seed_failed" },
      token,
    });
    expect(r2.body).toEqual({ job: { state: "failed", attempt: 2 } });
    expect(await dash.row("SELECT failure_reason AS r FROM jobs")).toEqual({
      r: "workspace_seed_failed",
    });
  });
});

describe("result", () => {
  const right = (job: any) =>
    traceFor(job, {
      reply: "Added it.",
      calls: [{ name: "read_file", args: { path: "/notes/health.md" }, ok: true, result: "Dentist…" }],
      files: [
        { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
        { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
      ],
    });

  it("scores the run from the workspace and answers 201 once it is stored", async () => {
    const s = await queue();
    const job = (await poll()).body.job;
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: right(job), token });
    expect(r.status).toBe(201);
    expect(ResultResponse.parse(r.body)).toMatchObject({ passed: true, outcome: "finished", superseded: false });
    expect(r.body.runId).toMatch(/^run_/);
    const summary = (await dash.call("GET", `/api/sessions/${s.id}`)).body;
    expect(summary.session.counts.completed).toBe(1);
    expect(summary.configs).toEqual([{ configId: "files", runs: 1, passed: 1, wilson: [expect.any(Number), 1] }]);
    // SQLite stores the body compressed (db/traceCodec.mjs) and gives its text back through trace_utf8.
    const body = TEST_ENGINE === "sqlite" ? "CAST(trace_utf8(body) AS TEXT)" : "body";
    const stored = (await dash.row(`SELECT ${body} AS body FROM traces WHERE run_id = ?`, r.body.runId)) as {
      body: string;
    };
    expect(JSON.parse(stored.body)).toEqual(right(job));
  });

  it("judges a claim of success without the file change as a failure", async () => {
    await queue();
    const job = (await poll()).body.job;
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: traceFor(job, { reply: "Done! I added it to your todo list." }),
      token,
    });
    expect(r.body).toMatchObject({ passed: false, outcome: "wrong_result" });
  });

  it("answers a duplicate submission with 200 and the same run, creating nothing", async () => {
    await queue();
    const job = (await poll()).body.job;
    const a = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: right(job), token });
    const b = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: right(job), token });
    expect(a.status).toBe(201);
    expect(b).toEqual({ status: 200, body: a.body });
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs")).toBe(1);
  });

  it("makes one run of two copies of a result that arrive together (they share a group commit)", async () => {
    await queue();
    const job = (await poll()).body.job;
    const [a, b] = await Promise.all(
      [0, 1].map(() => dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: right(job), token })),
    );
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body).toEqual(b.body);
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs")).toBe(1);
  });

  it("leases different jobs to phones polling at the same moment, and nothing to a fourth", async () => {
    await queue({ repeats: 3 });
    const polls = await Promise.all([0, 1, 2, 3].map(() => poll()));
    expect(polls.map((p) => p.status).sort()).toEqual([200, 200, 200, 204]);
    const ids = polls.filter((p) => p.status === 200).map((p) => p.body.job.id);
    expect(new Set(ids).size).toBe(3);
    expect(await dbCount("SELECT COUNT(*) AS n FROM leases")).toBe(3);
  });

  it("refuses a token never issued for the job with 409 and stores nothing", async () => {
    await queue();
    const job = (await poll()).body.job;
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...right(job), leaseToken: "lease_forged" },
      token,
    });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("lease_lost");
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs")).toBe(0);
  });

  it("answers 404 for an unknown job, 400 with issues for a malformed trace, and a wrong attempt number", async () => {
    await queue();
    const job = (await poll()).body.job;
    expect((await dash.call("POST", "/api/device/v1/jobs/job_nope/result", { json: right(job), token })).status).toBe(
      404,
    );
    const bad = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: {
        ...right(job),
        turns: [{ promptTokens: -1 }],
        end: { reason: "exploded" },
        workspace: { files: [{ path: "../etc/passwd", content: "" }] },
      },
      token,
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(["turns.0.promptTokens", "turns.0.ttftMs", "end.reason", "workspace.files.0.path"]),
    );
    const wrongAttempt = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...right(job), attempt: 2 },
      token,
    });
    expect(wrongAttempt.status).toBe(400);
    expect(wrongAttempt.body.error.issues[0].path).toBe("attempt");
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs")).toBe(0);
  });

  it("refuses a trace over 5 MiB with 413", async () => {
    await queue();
    const job = (await poll()).body.job;
    const huge = right(job);
    huge.reply = "x".repeat(5 * 1024 * 1024 + 1);
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: huge, token });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe("payload_too_large");
  });

  it("lets a late result complete a re-leased job; the new holder loses its lease and its result is superseded", async () => {
    await queue({ leaseSeconds: 10 });
    const a1 = (await poll()).body.job;
    dash.advance(10_001);
    const a2 = (await poll()).body.job;
    expect(a2.attempt).toBe(2);

    const late = await dash.call("POST", `/api/device/v1/jobs/${a1.id}/result`, { json: right(a1), token });
    expect(late.status).toBe(201);
    expect(late.body.superseded).toBe(false);
    const hb = await dash.call("POST", `/api/device/v1/jobs/${a2.id}/heartbeat`, {
      json: { leaseToken: a2.lease.token },
      token,
    });
    expect(hb.status).toBe(409);

    const second = await dash.call("POST", `/api/device/v1/jobs/${a2.id}/result`, { json: right(a2), token });
    expect(second.status).toBe(201);
    expect(second.body.superseded).toBe(true);
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs")).toBe(2);
    expect(await dbCount("SELECT COUNT(*) AS n FROM runs WHERE superseded = TRUE")).toBe(1);
    expect(await dash.row("SELECT run_id AS r FROM jobs")).toEqual({ r: late.body.runId });
  });

  it("stores a late result for a failed job and completes it", async () => {
    await queue({ leaseSeconds: 10, maxAttempts: 1 });
    const a1 = (await poll()).body.job;
    dash.advance(10_001);
    expect((await poll()).status).toBe(204);
    const r = await dash.call("POST", `/api/device/v1/jobs/${a1.id}/result`, { json: right(a1), token });
    expect(r.status).toBe(201);
    expect(await dash.row("SELECT state FROM jobs")).toEqual({ state: "completed" });
  });
});

describe("cancelled sessions", () => {
  it("ends their leases: heartbeat and fail get 409, polls get nothing, and a result is still kept", async () => {
    const s = await queue({ tasks: "all", configs: ["files", "bash"] });
    const job = (await poll()).body.job;
    const c = await dash.call("POST", `/api/sessions/${s.id}/cancel`);
    expect(c.status).toBe(200);
    expect(c.body.session.cancelledJobs).toBe(4);
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
          json: { leaseToken: job.lease.token },
          token,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/fail`, {
          json: { leaseToken: job.lease.token, reason: "x" },
          token,
        })
      ).status,
    ).toBe(409);
    expect((await poll()).status).toBe(204);
    const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token });
    expect(r.status).toBe(201);
    expect((await dash.call("GET", `/api/sessions/${s.id}`)).body.session.counts).toEqual({
      queued: 0,
      leased: 0,
      completed: 1,
      failed: 0,
      cancelled: 3,
    });
  });
});

describe("concurrent phones", () => {
  it("never lease the same job twice: 50 phones polling at once, twice over", async () => {
    await queue({ tasks: "all", configs: ["files", "bash"], repeats: 20 });
    const tokens = await Promise.all(
      Array.from(
        { length: 50 },
        async (_, i) => (await dash.call("POST", "/api/devices", { json: { name: `p${i}` } })).body.token as string,
      ),
    );
    const got = [
      ...(await Promise.all(tokens.map((t) => poll(t)))),
      ...(await Promise.all(tokens.map((t) => poll(t, "?wait=1")))),
    ];
    const ids = got.filter((r) => r.status === 200).map((r) => r.body.job.id);
    expect(ids).toHaveLength(80);
    expect(new Set(ids).size).toBe(80);
    expect(got.filter((r) => r.status === 204)).toHaveLength(20);
  });
});
