import "server-only";
import { asc } from "drizzle-orm";
import type { Ctx } from "../context";
import { devices } from "@db/schema";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function listDevices(ctx: Ctx) {
  const rows = ctx.db.select().from(devices).orderBy(asc(devices.createdAt), asc(devices.id)).all();
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    createdAt: iso(d.createdAt)!,
    lastSeenAt: iso(d.lastSeenAt),
    revoked: d.revokedAt !== null,
  }));
}
