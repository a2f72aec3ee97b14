import "server-only";
import type { Ctx } from "../context";
import { afterLeaseEnded, isLeaseCurrent } from "@/domain/queue";
import { leaseLost } from "../errors";
import { expireLeases } from "./expireLeases";
import { advanceAdaptive } from "../sessions/advanceAdaptive";
import { loadLease } from "./leaseView";

/** The device could not run the job (infrastructure failure): the attempt is used up. */
export async function failJob(
  ctx: Ctx,
  jobId: string,
  deviceId: string,
  leaseToken: string,
  reason: string,
  detail?: string,
) {
  await expireLeases(ctx);
  const { job, view, tokenHash } = await loadLease(ctx, jobId, leaseToken, deviceId);
  if (!isLeaseCurrent(view)) throw leaseLost();
  const next = afterLeaseEnded({ attempt: job.attempt, maxAttempts: job.maxAttempts }, reason);
  // A re-queued job wakes waiting polls (the store signals it, on every process for PostgreSQL).
  const changed = await ctx.store.queue.fail({ jobId, tokenHash, next, detail: detail ?? null, now: ctx.now() });
  if (!changed) throw leaseLost();
  // Issue 36.2: a job failed for good leaves its adaptive task to settle with the runs it has.
  if (next.state === "failed") await advanceAdaptive(ctx, job.sessionId);
  return { job: { state: next.state, attempt: next.attempt } };
}
