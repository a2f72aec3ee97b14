import "server-only";
import type { Ctx } from "../context";
import { ServiceError } from "../errors";
import { hashToken } from "../ids";
import { stmt } from "../statements";

export interface AuthenticatedDevice {
  id: string;
  name: string;
  lastSeenAt: number | null;
}

/** Resolves `Authorization: Bearer <token>` to a live device, or 401. Marks the device as seen. */
export function authenticateDevice(ctx: Ctx, authorization: string | null): AuthenticatedDevice {
  const match = authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) {
    throw new ServiceError(
      "unauthorized",
      "Send the device token as `Authorization: Bearer <token>`; create one on the Devices page.",
    );
  }
  // Every device request starts here, so the lookup is a prepared statement, not a built query.
  const device = stmt(
    ctx,
    "SELECT id, name, last_seen_at AS lastSeenAt, revoked_at AS revokedAt FROM devices WHERE token_hash = ?",
  ).get(hashToken(match[1])) as (AuthenticatedDevice & { revokedAt: number | null }) | undefined;
  if (!device || device.revokedAt !== null) {
    throw new ServiceError(
      "unauthorized",
      "This device token is unknown or revoked; pair the phone again from the Devices page.",
    );
  }
  // "Last seen" needs minute precision, not a disk flush per request: write it at most every 10 s.
  const now = ctx.now();
  if (device.lastSeenAt === null || now - device.lastSeenAt >= 10_000) {
    stmt(ctx, "UPDATE devices SET last_seen_at = ? WHERE id = ?").run(now, device.id);
  }
  return { id: device.id, name: device.name, lastSeenAt: device.lastSeenAt };
}
