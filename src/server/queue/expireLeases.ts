import "server-only";
import type { Ctx } from "../context";

/**
 * Ends every lease whose expiry has passed: the job is re-queued with its next attempt, or fails
 * with `lease_expired` once its attempts are used. Runs before every device request and on a
 * timer, so expiry needs no request from the phone that vanished. On PostgreSQL one process at a
 * time does it (an advisory lock); the others skip, since that one ends the same leases.
 */
export function expireLeases(ctx: Ctx): Promise<number> {
  return ctx.store.queue.expire(ctx.now());
}
