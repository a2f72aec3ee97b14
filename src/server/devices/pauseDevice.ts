import "server-only";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/**
 * Pauses (or resumes) a device: while paused its polls get `204` and it leases nothing; its token
 * and any lease it already holds stay valid, so a run in progress finishes. Idempotent. A resumed
 * device that is long-polling looks again at once (the store wakes it, on whichever process it waits).
 */
export async function setDevicePaused(ctx: Ctx, id: string, paused: boolean) {
  if (!(await ctx.store.devices.exists(id))) throw notFound("device", id);
  await ctx.store.devices.setPaused(id, paused, ctx.now());
  return { device: { id, paused } };
}

export const pauseDevice = (ctx: Ctx, id: string) => setDevicePaused(ctx, id, true);
