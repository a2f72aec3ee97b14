import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Ctx } from "../context";
import { devices } from "@db/schema";
import { notFound } from "../errors";

/** Revokes a device's token; its next request gets 401. Revoking twice is harmless. */
export function revokeDevice(ctx: Ctx, id: string) {
  const found = ctx.db.select({ id: devices.id }).from(devices).where(eq(devices.id, id)).get();
  if (!found) throw notFound("device", id);
  ctx.db.update(devices).set({ revokedAt: ctx.now() }).where(and(eq(devices.id, id), isNull(devices.revokedAt))).run();
  return { device: { id, revoked: true } };
}
