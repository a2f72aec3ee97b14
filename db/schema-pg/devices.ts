import { bigint, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/** PostgreSQL twin of db/schema/devices.ts (same tables, columns and indexes; ms timestamps as bigint). */
export const devices = pgTable(
  "devices",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    lastSeenAt: bigint("last_seen_at", { mode: "number" }),
    revokedAt: bigint("revoked_at", { mode: "number" }),
  },
  (t) => [uniqueIndex("devices_token_hash").on(t.tokenHash)],
);
