import { integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Paired phones. Only a SHA-256 of the bearer token is kept; the token is shown once. */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at"),
    revokedAt: integer("revoked_at"),
    // Issue 20.4: a paused device's polls get 204 until it is resumed; its token stays valid.
    pausedAt: integer("paused_at"),
    // The last poll's `state`, `device.model` and `build`, for the fleet page (null until it polls).
    stateThermal: text("state_thermal"),
    stateBattery: real("state_battery"),
    stateCharging: integer("state_charging", { mode: "boolean" }),
    stateAt: integer("state_at"),
    phoneModel: text("phone_model"),
    buildApp: text("build_app"),
    buildModel: text("build_model"),
    buildCommit: text("build_commit"),
    // The `turn` of the last heartbeat and the job it was for (a turn of an older job is stale).
    currentTurn: integer("current_turn"),
    currentTurnJob: text("current_turn_job"),
  },
  (t) => [uniqueIndex("devices_token_hash").on(t.tokenHash)],
);
