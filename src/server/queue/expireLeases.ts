import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import { endLeases, type LiveLease } from "./endLeases";

/**
 * Ends every lease whose expiry has passed: the job is re-queued with its next attempt, or fails
 * with `lease_expired` once its attempts are used. Runs before every device request and on a
 * timer, so expiry needs no request from the phone that vanished.
 */
export function expireLeases(ctx: Ctx): number {
  const now = ctx.now();
  const expired = stmt(
    ctx,
    `SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS maxAttempts
         FROM jobs j JOIN sessions s ON s.id = j.session_id
        WHERE j.state = 'leased' AND j.lease_expires_at <= ?`,
  ).all(now) as LiveLease[];
  if (!expired.length) return 0;
  const requeued = ctx.db.$client.transaction(() => endLeases(ctx, expired, "lease_expired", now))();
  if (requeued) ctx.events.emit("jobs");
  return expired.length;
}
