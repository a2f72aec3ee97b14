import "server-only";
import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { devices } from "@db/schema";
import { ServiceError } from "../errors";
import { hashToken } from "../ids";

/** Resolves `Authorization: Bearer <token>` to a live device, or 401. Marks the device as seen. */
export function authenticateDevice(ctx: Ctx, authorization: string | null) {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    throw new ServiceError("unauthorized", "Send the device token as `Authorization: Bearer <token>`; create one on the Devices page.");
  }
  const device = ctx.db.select().from(devices).where(eq(devices.tokenHash, hashToken(match[1]))).get();
  if (!device || device.revokedAt !== null) {
    throw new ServiceError("unauthorized", "This device token is unknown or revoked; pair the phone again from the Devices page.");
  }
  // "Last seen" needs minute precision, not a disk flush per request: write it at most every 10 s.
  const now = ctx.now();
  if (device.lastSeenAt === null || now - device.lastSeenAt >= 10_000) {
    ctx.db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, device.id)).run();
  }
  return device;
}
