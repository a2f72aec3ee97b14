import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { afterLeaseEnded, type LeaseEndReason } from "@/domain/queue";
import type { LiveLeaseRow } from "../rows";

/**
 * Ends leases without a result, inside the caller's transaction: each job is re-queued with its
 * next attempt or fails with `reason` once its attempts are used (protocol.md §1). A lease that
 * changed meanwhile (a result arrived) is left alone. Returns how many jobs went back to the queue.
 * SQLite only (expiry here, revocation in ./devices.ts).
 */
export function endLeases(ctx: DbCtx, leases: LiveLeaseRow[], reason: LeaseEndReason, now: number): number {
  const update = stmt(
    ctx,
    `UPDATE jobs SET state = ?, attempt = ?, failure_reason = ?, lease_token_hash = NULL, lease_expires_at = NULL, updated_at = ?
      WHERE id = ? AND state = 'leased' AND lease_token_hash = ?`,
  );
  let requeued = 0;
  for (const j of leases) {
    const next = afterLeaseEnded(j, reason);
    if (update.run(next.state, next.attempt, next.failureReason, now, j.id, j.token).changes && next.state === "queued")
      requeued++;
  }
  return requeued;
}
