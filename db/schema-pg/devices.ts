import { bigint, boolean, doublePrecision, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

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
    pausedAt: bigint("paused_at", { mode: "number" }),
    stateThermal: text("state_thermal"),
    stateBattery: doublePrecision("state_battery"),
    stateCharging: boolean("state_charging"),
    stateAt: bigint("state_at", { mode: "number" }),
    phoneModel: text("phone_model"),
    buildApp: text("build_app"),
    buildModel: text("build_model"),
    buildCommit: text("build_commit"),
    currentTurn: integer("current_turn"),
    currentTurnJob: text("current_turn_job"),
  },
  (t) => [uniqueIndex("devices_token_hash").on(t.tokenHash)],
);
