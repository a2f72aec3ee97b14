/**
 * Targets 1 and 2: the real device routes (result, poll) called in-process with Request objects,
 * the way tests/support/server.ts calls them, against minimal routes doing only the essential
 * database work on the same database file (same WAL and synchronous=FULL durability).
 */
import { ulid } from "ulid";
import type { Ctx } from "../../src/server/context";
import { setContext } from "../../src/server/context";
import { CreateSessionRequest, type Job } from "../../src/domain/protocol";
import { createDevice } from "../../src/server/devices/createDevice";
import { createSession } from "../../src/server/sessions/createSession";
import { claimJob } from "../../src/server/queue/claimJob";
import { hashToken, newToken } from "../../src/server/ids";
import * as resultRoute from "../../app/api/device/v1/jobs/[id]/result/route";
import * as pollRoute from "../../app/api/device/v1/poll/route";
import type { PoolEntry } from "../lib/tracePool";
import { pairs, rateFigure, selfTimed, type Figure } from "./measure";
import { sqliteDatabase } from "../../src/server/store/sqlite";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const BASE = "http://127.0.0.1:3000/api/device/v1";
export const POLL_BODY = JSON.stringify({
  device: { id: "sim-iphone15pro-1", model: "iPhone 15 Pro", os: "iOS 26.1" },
  build: { commit: "sim", app: "0.7.0", runtime: "sim", model: "gemma-4-e2b" },
  state: { thermal: "nominal", battery: 0.8, charging: false },
});

/** A paired bench phone on either engine: what the HTTP steps need (they bring their own minimal server). */
export async function setupDevice(ctx: Ctx) {
  setContext(ctx);
  const { device, token } = await createDevice(ctx, "bench phone");
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  return { deviceId: device.id, token, headers };
}

/** setupDevice and the in-process minimal handlers, on the context's SQLite connection. */
export async function setup(ctx: Ctx) {
  const { deviceId, token, headers } = await setupDevice(ctx);
  const db = sqliteDatabase(ctx.store);
  db.exec(
    "CREATE TABLE IF NOT EXISTS bench_traces (id TEXT PRIMARY KEY, lease_token TEXT NOT NULL, body TEXT NOT NULL)",
  );
  const insertBare = db.prepare("INSERT INTO bench_traces (id, lease_token, body) VALUES (?, ?, ?)");
  const claimBare = db.prepare(
    `UPDATE jobs SET state = 'leased', lease_token_hash = ?, updated_at = ?
      WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY session_id, position LIMIT 1) AND state = 'queued'
      RETURNING id, session_id, task_id, task_version, config_id, config_version, repeat, attempt`,
  );
  /** Parses the trace and inserts it into a bare table in a transaction: nothing else. */
  const minimalResult: Handler = async (req) => {
    const raw = await req.text();
    const trace = JSON.parse(raw) as { leaseToken: string };
    const id = ulid();
    db.transaction(() => insertBare.run(id, trace.leaseToken, raw))();
    return Response.json({ runId: id }, { status: 201 });
  };
  /** Reads the body and leases the next queued job with one UPDATE … RETURNING: nothing else. */
  const minimalClaim: Handler = async (req) => {
    JSON.parse(await req.text());
    const job = claimBare.get(hashToken(newToken("lease")), Date.now());
    return job ? Response.json({ job }) : new Response(null, { status: 204 });
  };
  return { deviceId, token, headers, minimalResult, minimalClaim };
}

/**
 * The in-process rows show the cost of the route's own work without the HTTP and Next.js
 * overhead both sides share; the targets apply to the HTTP rows (./http.ts), as the issue states.
 */
const inProcess = (f: Figure): Figure => ({ ...f, target: "— (see the HTTP row)", met: null });

/** Queues and leases `n` jobs of the entry's task × config; returns each job's trace body, ready to submit. */
export async function leaseFor(
  ctx: Ctx,
  deviceId: string,
  entry: PoolEntry,
  n: number,
  name: string,
): Promise<{ id: string; body: string }[]> {
  const jobs: Job[] = [];
  while (jobs.length < n) {
    await createSession(
      ctx,
      CreateSessionRequest.parse({
        name,
        tasks: [entry.task.id],
        configs: [entry.config.id],
        repeats: Math.min(100, n - jobs.length),
        leaseSeconds: 86_400,
      }),
    );
    for (let j; jobs.length < n && (j = await claimJob(ctx, deviceId, JSON.parse(POLL_BODY)));) jobs.push(j);
  }
  return jobs.map((j) => ({
    id: j.id,
    body: JSON.stringify({ ...entry.trace, leaseToken: j.lease.token, attempt: j.attempt }),
  }));
}

/** Target 1: `n` traces through POST …/result vs the minimal parse-and-insert route. */
export async function benchIngest(ctx: Ctx, entry: PoolEntry, n: number, reps: number): Promise<Figure[]> {
  const s = await setup(ctx);
  const prepare = () => leaseFor(ctx, s.deviceId, entry, n, "bench ingest");
  const submit = (handler: Handler) => async () => {
    const batch = await prepare();
    const t = performance.now();
    for (const { id, body } of batch) {
      const res = await handler(
        new Request(`${BASE}/jobs/${id}/result`, { method: "POST", headers: s.headers, body }),
        { params: Promise.resolve({ id }) },
      );
      if (res.status !== 201) throw new Error(`result answered ${res.status}: ${await res.text()}`);
    }
    return performance.now() - t;
  };
  // Only the submits are timed, not preparing the leases: each run times itself.
  const t = await pairs(reps, submit(resultRoute.POST as unknown as Handler), submit(s.minimalResult), true, selfTimed);
  return [
    inProcess(
      rateFigure(
        "1i",
        `trace ingestion in-process, no HTTP (${(entry.bytes / 1024).toFixed(1)} KB trace): /result handler vs parse+insert`,
        t,
        0.7,
        { n, label: "traces" },
      ),
    ),
  ];
}

/** Target 2: `n` claims through POST /poll?wait=0 vs the minimal UPDATE … RETURNING route. */
export async function benchClaims(ctx: Ctx, n: number, reps: number): Promise<Figure[]> {
  const s = await setup(ctx);
  const need = 2 * n * (reps + 1);
  const perSession = sqliteDatabase(ctx.store).prepare("SELECT COUNT(*) FROM tasks").pluck().get() as number;
  await createSession(
    ctx,
    CreateSessionRequest.parse({
      name: "bench claims",
      configs: ["bare", "files", "bash"],
      repeats: Math.min(100, Math.ceil(need / Math.max(1, perSession) / 3) + 1),
      leaseSeconds: 86_400,
    }),
  );
  const claim = (handler: Handler) => async () => {
    for (let i = 0; i < n; i++) {
      const res = await handler(
        new Request(`${BASE}/poll?wait=0`, { method: "POST", headers: s.headers, body: POLL_BODY }),
        { params: Promise.resolve({}) },
      );
      if (res.status !== 200) throw new Error(`poll answered ${res.status}`);
      await res.json();
    }
  };
  const t = await pairs(reps, claim(pollRoute.POST as unknown as Handler), claim(s.minimalClaim));
  return [
    inProcess(
      rateFigure("2i", "job claims in-process, no HTTP: /poll handler vs UPDATE … RETURNING", t, 0.8, {
        n,
        label: "claims",
      }),
    ),
  ];
}
