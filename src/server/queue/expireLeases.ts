import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import { afterLeaseEnded } from "@/domain/queue";

/**
 * Ends every lease whose expiry has passed: the job is re-queued with its next attempt, or fails
 * with `lease_expired` once its attempts are used. Runs before every device request and on a
 * timer, so expiry needs no request from the phone that vanished.
 */
export function expireLeases(ctx: Ctx): number {
  const now = ctx.now();
  const sqlite = ctx.db.$client;
  const expired = stmt(ctx, `SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS maxAttempts
         FROM jobs j JOIN sessions s ON s.id = j.session_id
        WHERE j.state = 'leased' AND j.lease_expires_at <= ?`,
    )
    .all(now) as { id: string; attempt: number; token: string; maxAttempts: number }[];
  if (!expired.length) return 0;
  const update = stmt(ctx, `UPDATE jobs SET state = ?, attempt = ?, failure_reason = ?, lease_token_hash = NULL, lease_expires_at = NULL, updated_at = ?
      WHERE id = ? AND state = 'leased' AND lease_token_hash = ?`,
  );
  let requeued = 0;
  sqlite.transaction(() => {
    for (const j of expired) {
      const next = afterLeaseEnded(j, "lease_expired");
      if (update.run(next.state, next.attempt, next.failureReason, now, j.id, j.token).changes && next.state === "queued") requeued++;
    }
  })();
  if (requeued) ctx.events.emit("jobs");
  return expired.length;
}
