import "server-only";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/**
 * Revokes a device's token (its next request gets 401) and ends its live leases at once, as
 * expiry would (attempt used up, `failed` with `device_revoked` after maxAttempts): a revoked
 * phone cannot finish them, so they go back to the queue for other phones instead of waiting out
 * their lease. Both in one transaction (the store's). Revoking twice is harmless.
 */
export async function revokeDevice(ctx: Ctx, id: string) {
  if (!(await ctx.store.devices.exists(id))) throw notFound("device", id);
  await ctx.store.devices.revoke(id, ctx.now());
  return { device: { id, revoked: true } };
}
