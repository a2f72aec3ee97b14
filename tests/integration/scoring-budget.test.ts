/**
 * What this proves (issue 14, point 2): one paired phone cannot stall the server while its trace is
 * scored. The worst trace the limits allow for the default suite (tests/support/worst-trace.ts:
 * `drafts-index-tick` × `bash`, 120 calls of 20,000-character fills of the task's own words, just
 * under 5 MiB) goes to the real result handler while `/api/health` is polled every ~20 ms through
 * the same process's handlers: every answer comes within 200 ms or a quarter of the trace's own
 * answer time, whichever is longer (before scoring moved to a worker
 * thread, health waited for the whole score: the trace was answered after 239 s on this loaded
 * machine, with no health answer in between). A trace whose scoring runs
 * past the time limit is still stored, answered 201, marked unscorable (API, explorer), left out
 * of analytics, and scored by a later rescore.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setScoreTimeLimit } from "@/server/scoring/workers";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { fill, worstTraceFields } from "../support/worst-trace";

let dash: TestDashboard;
let token: string;

beforeAll(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  token = (await dash.call("POST", "/api/devices", { json: { name: "worst phone" } })).body.token;
});
afterAll(() => {
  setScoreTimeLimit(undefined);
  dash?.close();
});

/** A fresh session of drafts-index-tick × bash and its leased job. */
async function leaseDraftsJob() {
  const s = await dash.call("POST", "/api/sessions", {
    json: { name: "worst", configs: ["bash"], tasks: ["drafts-index-tick"], repeats: 1, order: "blocked" },
  });
  expect(s.status).toBe(201);
  const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
  return { sessionId: s.body.session.id as string, job };
}

/**
 * The worst trace's body as bytes, built before any timing starts: stringifying and encoding 5 MB
 * take this thread too, and they are the phone's work, not the server's.
 */
function worstBody(job: any): Uint8Array {
  const files = [
    ...job.task.workspace.files.filter((f: { path: string }) => f.path !== "/todo.md"),
    { path: "/todo.md", content: fill(["draft-1", "draft-2", "cat"]) },
    { path: "/drafts/index.md", content: fill(["draft-1", "draft-2", "cat"]) },
  ];
  const body = JSON.stringify({ ...traceFor(job, { files }), ...worstTraceFields() });
  expect(Buffer.byteLength(body)).toBeGreaterThan(4.5 * 1024 * 1024);
  expect(Buffer.byteLength(body)).toBeLessThan(5 * 1024 * 1024);
  return Buffer.from(body);
}

/** The body in the 64 KiB pieces a socket hands Node's HTTP server, one per turn of the event loop. */
function asNetworkChunks(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((r) => setImmediate(r));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 65536));
      at += 65536;
    },
  });
}

const submit = (jobId: string, body: Uint8Array) =>
  dash.fetch(
    new Request(`http://127.0.0.1:3000/api/device/v1/jobs/${jobId}/result`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: asNetworkChunks(body),
      duplex: "half",
    } as RequestInit),
  );

describe("scoring cannot hold the server", () => {
  it("while the worst trace the limits allow is scored, /api/health answers every ~20 ms poll within 200 ms or a quarter of the trace's own answer time, whichever is longer", async () => {
    const { job } = await leaseDraftsJob();
    const body = worstBody(job);
    let done = false;
    const started = performance.now();
    const result = submit(job.id, body).then(async (r) => ({
      status: r.status,
      body: await r.json(),
      ms: performance.now() - started,
    }));
    void result.finally(() => (done = true));
    // A poll is due 20 ms after the previous answer; its wait runs from then, so a thread held by
    // scoring (when the timer cannot even fire) counts against it, as for a phone polling from outside.
    const waits: number[] = [];
    let due = performance.now();
    while (!done) {
      const h = await dash.fetch(new Request("http://127.0.0.1:3000/api/health"));
      expect(h.status).toBe(200);
      const answered = performance.now();
      waits.push(answered - due);
      due = answered + 20;
      await new Promise((r) => setTimeout(r, 20));
    }
    const r = await result;
    // 200 ms or a quarter of the trace's own answer time, whichever is longer (idle here the trace
    // takes 1.2–1.5 s, so 300–370 ms; 200 ms was the bound before and stays the floor). On shared
    // cores every step of the handler slows alike: the slowest poll, 50–93 ms idle, passed 350 ms
    // with two busy loops beside Vitest, the trace answered after 3.6 s. A thread held by scoring
    // waits for the whole score instead, most of the answer time (before the worker: no health
    // answer at all until the trace's, after 239 s).
    const bound = Math.max(200, r.ms / 4);
    console.log(
      `worst trace: ${r.status} after ${Math.round(r.ms)} ms; ${waits.length} health polls, slowest ${Math.round(Math.max(...waits))} ms (bound ${Math.round(bound)} ms)`,
    );
    expect(r.status).toBe(201);
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(bound);
  }, 300_000);

  it("a trace whose scoring runs past the limit is stored (201), marked unscorable in the API and explorer, left out of analytics, and scored by a later rescore", async () => {
    const { sessionId, job } = await leaseDraftsJob();
    const body = worstBody(job);
    setScoreTimeLimit(1); // parsing 5 MB alone takes the worker longer than this
    const res = await submit(job.id, body);
    expect(res.status).toBe(201);
    const { runId, passed } = await res.json();
    expect(passed).toBe(false);

    const run = (await dash.call("GET", `/api/runs/${runId}`)).body;
    expect(run.score.unscorable).toBe("scoring took longer than the 0.001 s limit");
    expect(run.score.outcomeReason).toMatch(/^not scored: scoring took longer/);
    expect(run.score.checks).toEqual([]);
    expect(run.trace.turns[0].toolCalls).toHaveLength(120); // stored whole
    const listed = (await dash.call("GET", `/api/runs?session=${sessionId}`)).body;
    expect(listed.runs.map((r: { id: string; unscorable: string | null }) => [r.id, r.unscorable])).toEqual([
      [runId, "scoring took longer than the 0.001 s limit"],
    ]);
    const cfg = await dash.call("GET", `/api/analytics/configs?session=${sessionId}`);
    expect(cfg.body.configs).toEqual([]);
    expect((await dash.call("GET", `/api/sessions/${sessionId}`)).body.configs).toEqual([]);

    // The stopped worker is replaced: the next trace is scored as usual.
    setScoreTimeLimit(undefined);
    const next = await leaseDraftsJob();
    const ok = await dash.call("POST", `/api/device/v1/jobs/${next.job.id}/result`, {
      json: traceFor(next.job),
      token,
    });
    expect(ok.status).toBe(201);
    expect((await dash.call("GET", `/api/runs/${ok.body.runId}`)).body.score.unscorable).toBeNull();

    // Rescoring applies the same limit, and scores the run once it fits.
    setScoreTimeLimit(1);
    const again = (await dash.call("POST", `/api/sessions/${sessionId}/rescore`)).body;
    expect(again.unscorable).toEqual([{ runId, reason: "scoring took longer than the 0.001 s limit" }]);
    setScoreTimeLimit(undefined);
    const rescored = (await dash.call("POST", `/api/sessions/${sessionId}/rescore`)).body;
    expect([rescored.runs, rescored.rescored, rescored.unscorable]).toEqual([1, 1, []]);
    const after = (await dash.call("GET", `/api/runs/${runId}`)).body.score;
    expect(after.unscorable).toBeNull();
    expect(after.checks.length).toBeGreaterThan(0);
    expect(
      (await dash.call("GET", `/api/analytics/configs?session=${sessionId}`)).body.configs.map(
        (c: { runs: number }) => c.runs,
      ),
    ).toEqual([1]);
  }, 300_000);
});
