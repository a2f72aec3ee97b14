import "server-only";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { stmt } from "../statements";

/**
 * Pauses (or resumes) a device: while paused its polls get `204` and it leases nothing; its token
 * and any lease it already holds stay valid, so a run in progress finishes. Idempotent.
 */
export function setDevicePaused(ctx: Ctx, id: string, paused: boolean) {
  const found = stmt(ctx, "SELECT id FROM devices WHERE id = ?").get(id);
  if (!found) throw notFound("device", id);
  if (paused) stmt(ctx, "UPDATE devices SET paused_at = ? WHERE id = ? AND paused_at IS NULL").run(ctx.now(), id);
  else stmt(ctx, "UPDATE devices SET paused_at = NULL WHERE id = ?").run(id);
  // A resumed device that is long-polling should look again now, not at its next recheck.
  if (!paused) ctx.events.emit("jobs");
  return { device: { id, paused } };
}

export const pauseDevice = (ctx: Ctx, id: string) => setDevicePaused(ctx, id, true);
