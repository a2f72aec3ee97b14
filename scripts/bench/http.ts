/**
 * Targets 1 and 2 over HTTP, as the issue states them: the dashboard's real device routes, served
 * by the real server (server/main.ts: access check, Next.js, auth, validation, scoring, durable
 * commit), against the minimal Next.js app of ./minimal-next serving routes that only parse and
 * insert / claim, on the same database file. Both are driven by the same client with the same
 * concurrency; subject and baseline batches alternate.
 */
import type { Ctx } from "../../src/server/context";
import { CreateSessionRequest } from "../../src/domain/protocol";
import { createSession } from "../../src/server/sessions/createSession";
import type { PoolEntry } from "../lib/tracePool";
import { z } from "zod";
import { POLL_BODY, leaseFor, setupDevice } from "./device";
import { pairs, rateFigure, selfTimed, type Figure } from "./measure";
import type { BenchServer } from "./servers";
import { post } from "./client";

type Req = { url: string; headers: Record<string, string>; body: string; expect: number };

/** Sends every request, `concurrency` at a time, each on a kept-alive connection. */
async function drive(reqs: Req[], concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < reqs.length) {
      const r = reqs[next++];
      const t = performance.now();
      const res = await post(r.url, r.headers, r.body);
      if (res.status !== r.expect) throw new Error(`${r.url} answered ${res.status}: ${res.text.slice(0, 300)}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

export async function benchHttpDevice(
  ctx: Ctx,
  entry: PoolEntry,
  real: BenchServer,
  minimal: BenchServer,
  n: number,
  reps: number,
  concurrency = 4,
): Promise<Figure[]> {
  const s = await setupDevice(ctx);
  const json = { "content-type": "application/json" };
  const lease = () => leaseFor(ctx, s.deviceId, entry, n, "bench http ingest");
  // Leases are taken before each batch; only the submits are timed.
  const ingest = (server: BenchServer, isReal: boolean) => async () => {
    const batch: Req[] = (await lease()).map(({ id, body }) => ({
      url: isReal ? `${server.base}/api/device/v1/jobs/${id}/result` : `${server.base}/api/ingest`,
      headers: isReal ? s.headers : json,
      body,
      expect: 201,
    }));
    const t0 = performance.now();
    await drive(batch, concurrency);
    return performance.now() - t0;
  };
  const ti = await pairs(reps, ingest(real, true), ingest(minimal, false), true, selfTimed);

  // Claims: one session with enough queued jobs for every batch of both sides.
  const perSession = Number(
    (await ctx.store.sql.get(z.object({ n: z.coerce.number() }), "SELECT COUNT(*) AS n FROM tasks"))?.n,
  );
  await createSession(
    ctx,
    CreateSessionRequest.parse({
      name: "bench http claims",
      configs: ["bare", "files", "bash"],
      repeats: Math.min(100, Math.ceil((2 * n * (reps + 1)) / Math.max(1, perSession) / 3) + 1),
      leaseSeconds: 86_400,
    }),
  );
  const claims = (url: string, headers: Record<string, string>) => () =>
    drive(
      Array.from({ length: n }, () => ({ url, headers, body: POLL_BODY, expect: 200 })),
      concurrency,
    );
  const tc = await pairs(
    reps,
    claims(`${real.base}/api/device/v1/poll?wait=0`, s.headers),
    claims(`${minimal.base}/api/claim`, json),
  );
  return [
    rateFigure(
      "1",
      `trace ingestion over HTTP (${(entry.bytes / 1024).toFixed(1)} KB trace, ${concurrency} at a time) vs a minimal Next route that parses and inserts`,
      ti,
      0.7,
      { n, label: "traces" },
    ),
    rateFigure(
      "2",
      `job claims over HTTP through /poll (${concurrency} at a time) vs a minimal Next claim route`,
      tc,
      0.8,
      { n, label: "claims" },
    ),
  ];
}
