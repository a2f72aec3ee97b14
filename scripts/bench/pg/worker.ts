/**
 * One "dashboard process" of the PostgreSQL queue benchmark (queue.ts): a child process with its
 * own context (`createPgContext`: its own pool and LISTEN connection) on the benchmark's database,
 * driven over IPC. Times are wall-clock with sub-millisecond precision
 * (`performance.timeOrigin + performance.now()`), comparable across processes on one machine.
 */
import { PollRequest } from "../../../src/domain/protocol";
import { createPgContext, type Ctx } from "../../../src/server/context";
import { claimJob } from "../../../src/server/queue/claimJob";
import { failJob } from "../../../src/server/queue/failJob";
import { pollJob } from "../../../src/server/queue/pollJob";

export type Command =
  | { kind: "claim"; devices: string[]; loops: number }
  | { kind: "wait"; device: string; seconds: number }
  | { kind: "fail"; jobId: string; device: string; token: string }
  | { kind: "take"; device: string }
  | { kind: "exit" };

export const POLL = PollRequest.parse({
  device: { id: "bench-phone", model: "Bench phone", os: "none" },
  build: { commit: "bench", app: "0.0.0", runtime: "none", model: "none" },
  state: { thermal: "nominal", battery: 0.8, charging: false },
});
export const wallNow = () => performance.timeOrigin + performance.now();

/** `loops` concurrent claim loops (devices in turn) until the queue is empty: claims made and the time they took. */
export async function claimAll(ctx: Ctx, devices: string[], loops: number) {
  let claims = 0;
  const t0 = wallNow();
  await Promise.all(
    Array.from({ length: loops }, async (_, i) => {
      while (await claimJob(ctx, devices[i % devices.length], POLL)) claims++;
    }),
  );
  return { claims, startedAt: t0, endedAt: wallNow() };
}

async function main() {
  const url = process.env.HL_BENCH_PG_URL;
  if (!url || !process.send) throw new Error("worker.ts is started by scripts/bench/pg/queue.ts (IPC and a URL)");
  const ctx = await createPgContext(url, { poolMax: Number(process.env.HL_BENCH_POOL ?? 4) });
  const reply = (m: unknown) => process.send!(m);
  process.on("message", ({ id, ...c }: Command & { id: number }) => {
    const run = async () => {
      if (c.kind === "claim") return claimAll(ctx, c.devices, c.loops);
      if (c.kind === "wait") {
        const job = await pollJob(ctx, c.device, POLL, c.seconds);
        return { at: wallNow(), job: job && { id: job.id, token: job.lease.token } };
      }
      if (c.kind === "take") {
        const job = await claimJob(ctx, c.device, POLL);
        return { job: job && { id: job.id, token: job.lease.token } };
      }
      if (c.kind === "fail") {
        const sent = wallNow();
        await failJob(ctx, c.jobId, c.device, c.token, "thermal_shutdown");
        return { sent };
      }
      await ctx.store.close();
      process.exit(0);
    };
    run().then(
      (r) => reply({ id, ...r }),
      (e: unknown) => reply({ id, error: e instanceof Error ? e.message : String(e) }),
    );
  });
  reply({ ready: true });
}
if (process.env.HL_BENCH_PG_URL) void main();
