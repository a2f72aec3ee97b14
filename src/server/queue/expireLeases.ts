import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { advanceAdaptive } from "../sessions/advanceAdaptive";

const IdRow = z.object({ id: z.string() });

/**
 * Ends every lease whose expiry has passed: the job is re-queued with its next attempt, or fails
 * with `lease_expired` once its attempts are used. Runs before every device request and on a
 * timer, so expiry needs no request from the phone that vanished. On PostgreSQL one process at a
 * time does it (an advisory lock); the others skip, since that one ends the same leases.
 * Issue 36.2: a job that failed this way may leave an adaptive session's task ready to settle, so
 * the adaptive sessions of the jobs it failed take a step.
 */
export async function expireLeases(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const ended = await ctx.store.queue.expire(now);
  if (ended > 0) {
    // The sessions of the jobs this expiry failed (stamped with its `now`), not every adaptive
    // session that ever had a failed job.
    const open = await ctx.store.sql.all(
      IdRow,
      `SELECT DISTINCT s.id FROM sessions s JOIN jobs j ON j.session_id = s.id
        WHERE s.adaptive IS NOT NULL AND s.cancelled_at IS NULL AND j.state = 'failed' AND j.updated_at = ?`,
      [now],
    );
    for (const { id } of open) await advanceAdaptive(ctx, id);
  }
  return ended;
}
