import "server-only";
import type { Ctx } from "../context";
import { isLeaseCurrent, leaseExpiresAt } from "@/domain/queue";
import { leaseLost } from "../errors";
import { expireLeases } from "./expireLeases";
import { loadLease } from "./leaseView";

/** Extends the current lease to now + leaseSeconds; any other token, or another device's, gets `409 lease_lost`. */
export async function heartbeatJob(ctx: Ctx, jobId: string, deviceId: string, leaseToken: string, turn?: number) {
  await expireLeases(ctx);
  const { job, view, tokenHash } = await loadLease(ctx, jobId, leaseToken, deviceId);
  if (!isLeaseCurrent(view)) throw leaseLost();
  const now = ctx.now();
  const expiresAt = leaseExpiresAt(now, job.leaseSeconds);
  // The update is conditional on the token still being current, so a lease that ended meanwhile is refused.
  if (!(await ctx.store.queue.heartbeat({ jobId, tokenHash, deviceId, expiresAt, now, turn }))) throw leaseLost();
  return { expiresAt: new Date(expiresAt).toISOString() };
}
