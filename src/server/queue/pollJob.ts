import "server-only";
import type { Ctx } from "../context";
import type { Job, PollRequest } from "@/domain/protocol";
import { claimJob } from "./claimJob";
import { recordPoll } from "../devices/recordPoll";

/** How often a long-poll looks again even without a signal (leases may expire meanwhile). */
const RECHECK_MS = 1000;

const draining = () => !!(globalThis as { __harnessLabDraining?: boolean }).__harnessLabDraining;

/**
 * `POST /poll?wait=N`: claims a job now, or holds the request until one becomes claimable,
 * `waitSeconds` pass, or the client goes away. A waiting poll holds no database connection: it
 * waits on `ctx.events`, which the store signals (on PostgreSQL from its one LISTEN connection,
 * so work queued by another process wakes it too), with a re-check every second as the fallback.
 */
export async function pollJob(
  ctx: Ctx,
  deviceId: string,
  req: PollRequest,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<Job | null> {
  // A server that is shutting down hands out no new work (server/main.ts sets the flag).
  if (draining()) return null;
  // Issue 20.4: the poll's state is kept for the fleet page; a paused device gets 204 before claiming.
  if ((await recordPoll(ctx, deviceId, req)).paused) return null;
  const first = await claimJob(ctx, deviceId, req);
  if (first || waitSeconds <= 0) return first;
  const deadline = Date.now() + waitSeconds * 1000;
  while (!signal?.aborted && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        ctx.events.off("jobs", done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(RECHECK_MS, Math.max(0, deadline - Date.now())));
      ctx.events.on("jobs", done);
      signal?.addEventListener("abort", done);
    });
    if (signal?.aborted || draining()) return null;
    const job = await claimJob(ctx, deviceId, req);
    if (job) return job;
  }
  return null;
}
