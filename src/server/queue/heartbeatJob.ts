import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import { isLeaseCurrent, leaseExpiresAt } from "@/domain/queue";
import { leaseLost } from "../errors";
import { expireLeases } from "./expireLeases";
import { loadLease } from "./leaseView";

/** Extends the current lease to now + leaseSeconds; any other token, or another device's, gets `409 lease_lost`. */
export function heartbeatJob(ctx: Ctx, jobId: string, deviceId: string, leaseToken: string, turn?: number) {
  expireLeases(ctx);
  const { job, view, tokenHash } = loadLease(ctx, jobId, leaseToken, deviceId);
  if (!isLeaseCurrent(view)) throw leaseLost();
  const expiresAt = leaseExpiresAt(ctx.now(), job.lease_seconds);
  const changed = stmt(
    ctx,
    "UPDATE jobs SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND state = 'leased' AND lease_token_hash = ?",
  ).run(expiresAt, ctx.now(), jobId, tokenHash).changes;
  if (!changed) throw leaseLost();
  // The fleet page shows which turn a phone is on; a turn is only meaningful with its job.
  if (turn !== undefined)
    stmt(ctx, "UPDATE devices SET current_turn = ?, current_turn_job = ? WHERE id = ?").run(turn, jobId, deviceId);
  return { expiresAt: new Date(expiresAt).toISOString() };
}
