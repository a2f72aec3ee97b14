import { expect, test, type APIRequestContext } from "@playwright/test";
import { remindersTraceFields, worstTraceFields } from "../support/worst-trace";
import { type PgDatabase, noPostgres, startPgDatabase, stopServers } from "./pg";
import { type RunningServer, startServer } from "./server";

// Issue 32, point 2: nothing the documented limits allow a phone to send may hold the server. For
// the worst traces the limits allow (the suite's worst, and 1,000 calls of one turn writing
// 4,000-character files a glob milestone matches), the real pages, APIs, exports and the study report
// (report.zip: every page drawn by Chromium from this server) are fetched from a real
// server while `/api/health` is probed every 100 ms: every health answer comes within 200 ms, or a
// quarter of the fetched answer's own time on a busy machine, beyond what the machine alone makes a
// health answer wait. On SQLite and on PostgreSQL.

const phone = {
  device: { id: "crafty-1", model: "Pixel 8", os: "Android 16" },
  build: { commit: "c0ffee1", app: "1.0.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" },
};

/** Queues one job of `task` × bash, leases it as the phone and submits a trace with `fields`; the run id. */
async function submit(request: APIRequestContext, token: string, task: string, fields: object): Promise<string> {
  const s = await request.post("/api/sessions", {
    data: { name: `bound ${task}`, configs: ["bash"], tasks: [task], repeats: 1 },
  });
  expect(s.status()).toBe(201);
  const headers = { authorization: `Bearer ${token}` };
  const poll = await request.post("/api/device/v1/poll", {
    headers,
    data: { ...phone, state: { thermal: "nominal", battery: 0.8, charging: false } },
  });
  expect(poll.status()).toBe(200);
  const { job } = await poll.json();
  const trace = {
    leaseToken: job.lease.token,
    attempt: job.attempt,
    ...phone,
    startedAt: "2026-12-04T09:00:01Z",
    endedAt: "2026-12-04T09:10:01Z",
    conditions: { thermalAtStart: "nominal", charging: false },
    load: { startupTokens: 300, ms: 2200 },
    reply: "Done.",
    end: { reason: "stop" },
    peakContextTokens: 420,
    workspace: { files: job.task.workspace.files },
    ...fields,
  };
  const r = await request.post(`/api/device/v1/jobs/${job.id}/result`, { headers, data: trace });
  expect(r.status()).toBe(201);
  return (await r.json()).runId;
}

/** Fetches `path` while probing `/api/health` every 100 ms; the slowest health answer, the probes and the fetch's time. */
async function probed(request: APIRequestContext, path: string) {
  let stop = false;
  let worst = 0;
  let probes = 0;
  const probe = (async () => {
    while (!stop) {
      const t = performance.now();
      await request.get("/api/health");
      worst = Math.max(worst, performance.now() - t);
      probes++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const t0 = performance.now();
  const r = await request.get(path);
  await r.body();
  const took = performance.now() - t0;
  stop = true;
  await probe;
  return { status: r.status(), worst, probes, took };
}

/** The slowest of `probes` `/api/health` answers, 100 ms apart as in `probed`, with nothing else asked of the server. */
async function unloaded(request: APIRequestContext, probes: number) {
  let worst = 0;
  for (let i = 0; i < probes; i++) {
    const t = performance.now();
    await request.get("/api/health");
    worst = Math.max(worst, performance.now() - t);
    await new Promise((r) => setTimeout(r, 100));
  }
  return worst;
}

for (const engine of ["sqlite", "postgres"] as const) {
  test.describe(`on ${engine}`, () => {
    test.skip(engine === "postgres" && noPostgres !== null, noPostgres ?? "");
    let db: PgDatabase | undefined;
    let server: RunningServer | undefined;

    test.afterAll(async () => {
      await stopServers([server]);
      await db?.stop();
    });

    test(`the run, session and export pages of the worst traces keep /api/health answering (${engine})`, async ({
      playwright,
    }) => {
      test.setTimeout(300_000);
      if (engine === "postgres") db = await startPgDatabase();
      server = await startServer(db ? { DATABASE_URL: db.url } : {});
      const request = await playwright.request.newContext({ baseURL: server.base });
      const token = (await (await request.post("/api/devices", { data: { name: "crafty" } })).json()).token;
      const worst = await submit(request, token, "drafts-index-tick", worstTraceFields());
      const many = await submit(request, token, "dentist-todo-reminder", remindersTraceFields());
      // Scoring runs on a worker under its time limit: wait for both scores (or their unscorable mark).
      for (const id of [worst, many])
        await expect
          .poll(async () => (await (await request.get(`/api/runs/${id}`)).json()).score !== null, { timeout: 60_000 })
          .toBe(true);
      const sessions = await Promise.all(
        [worst, many].map(async (id) => (await (await request.get(`/api/runs/${id}`)).json()).run.sessionId as string),
      );
      const q = sessions.map((s) => `session=${s}`).join("&");
      const paths = [
        ...[worst, many].flatMap((id) => [`/runs/${id}`, `/api/runs/${id}`]),
        ...sessions.map((s) => `/sessions/${s}`),
        ...["runs.csv", "runs.json", "turns.csv", "calls.csv", "report.zip"].map(
          (f) => `/api/export/${f}?${q}&includeTrial=1`,
        ),
      ];
      // Each route once first: a route's first answer loads its code, which is start-up, not the trace.
      for (const p of paths) expect((await request.get(p)).status(), p).toBe(200);
      let slowest = { path: "", worst: 0, took: 0 };
      for (const p of paths) {
        // The best of up to three fetches: the phones and browsers of other specs share the CPU, and
        // they only ever add to a fetch's hold; the least hold is the request's own.
        let r = await probed(request, p);
        for (let k = 0; k < 2 && r.worst >= 100; k++) {
          const again = await probed(request, p);
          if (again.worst < r.worst) r = again;
        }
        if (r.worst > slowest.worst) slowest = { path: p.split("?")[0], worst: r.worst, took: r.took };
        expect(r.status, p).toBe(200);
        // A probe also waits for the machine: on a busy one (other specs' phones, browsers and
        // servers on two cores) an idle server's health answer alone can take 200 ms or more. Over
        // the bound, the same number of probes with nothing else asked says what the machine costs,
        // and the fetch is held to what its probes waited beyond that.
        const bound = Math.max(200, r.took / 4);
        const machine = r.worst >= bound ? await unloaded(request, Math.max(5, r.probes)) : 0;
        expect(
          r.worst - machine,
          `${p}: /api/health waited ${Math.round(r.worst)} ms (${Math.round(machine)} ms with nothing else asked) while it took ${Math.round(r.took)} ms`,
        ).toBeLessThan(bound);
      }
      console.log(
        `event-loop bound (${engine}): slowest /api/health answer ${Math.round(slowest.worst)} ms, while ${slowest.path} took ${Math.round(slowest.took)} ms`,
      );
      await request.dispose();
    });
  });
}
