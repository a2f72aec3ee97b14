import "server-only";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { stmt } from "../statements";
import { endLeases } from "../store/sqlite/endLeases";
import { LiveLeaseRow } from "../store/rows";

/**
 * Revokes a device's token (its next request gets 401) and ends its live leases at once, as
 * expiry would (attempt used up, `failed` with `device_revoked` after maxAttempts): a revoked
 * phone cannot finish them, so they go back to the queue for other phones instead of waiting out
 * their lease. Both in one transaction. Revoking twice is harmless.
 */
export function revokeDevice(ctx: Ctx, id: string) {
  const found = stmt(ctx, "SELECT id FROM devices WHERE id = ?").get(id);
  if (!found) throw notFound("device", id);
  const now = ctx.now();
  const requeued = ctx.db.$client
    .transaction(() => {
      stmt(ctx, "UPDATE devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(now, id);
      const leases = stmt(
        ctx,
        `SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS maxAttempts
           FROM jobs j JOIN sessions s ON s.id = j.session_id JOIN leases l ON l.token_hash = j.lease_token_hash
          WHERE j.state = 'leased' AND l.device_id = ?`,
      )
        .all(id)
        .map((r) => LiveLeaseRow.parse(r));
      return endLeases(ctx, leases, "device_revoked", now);
    })
    .immediate();
  if (requeued) ctx.events.emit("jobs");
  return { device: { id, revoked: true } };
}
