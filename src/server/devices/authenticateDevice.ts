import "server-only";
import type { Ctx } from "../context";
import { ServiceError } from "../errors";
import { hashToken } from "../ids";

export interface AuthenticatedDevice {
  id: string;
  name: string;
  lastSeenAt: number | null;
}

/** Resolves `Authorization: Bearer <token>` to a live device, or 401. Marks the device as seen. */
export async function authenticateDevice(ctx: Ctx, authorization: string | null): Promise<AuthenticatedDevice> {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    throw new ServiceError(
      "unauthorized",
      "Send the device token as `Authorization: Bearer <token>`; create one on the Devices page.",
    );
  }
  const device = await ctx.store.devices.byToken(hashToken(match[1]));
  if (!device || device.revokedAt !== null) {
    throw new ServiceError(
      "unauthorized",
      "This device token is unknown or revoked; pair the phone again from the Devices page.",
    );
  }
  // "Last seen" needs minute precision, not a disk flush per request: write it at most every 10 s.
  const now = ctx.now();
  if (device.lastSeenAt === null || now - device.lastSeenAt >= 10_000) {
    await ctx.store.devices.seen(device.id, now);
  }
  return { id: device.id, name: device.name, lastSeenAt: device.lastSeenAt };
}
