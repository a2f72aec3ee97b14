import { bigint, bool, int, real, table, text, uniqueIndex } from "./vocabulary";

/** Paired phones. Only a SHA-256 of the bearer token is kept; the token is shown once. */
export const devices = table(
  "devices",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: bigint("created_at").notNull(),
    lastSeenAt: bigint("last_seen_at"),
    revokedAt: bigint("revoked_at"),
    // Issue 20.4: a paused device's polls get 204 until it is resumed; its token stays valid.
    pausedAt: bigint("paused_at"),
    // The last poll's `state`, `device.model` and `build`, for the fleet page (null until it polls).
    stateThermal: text("state_thermal"),
    stateBattery: real("state_battery"),
    stateCharging: bool("state_charging"),
    stateAt: bigint("state_at"),
    phoneModel: text("phone_model"),
    buildApp: text("build_app"),
    buildModel: text("build_model"),
    buildCommit: text("build_commit"),
    // The `turn` of the last heartbeat and the job it was for (a turn of an older job is stale).
    currentTurn: int("current_turn"),
    currentTurnJob: text("current_turn_job"),
  },
  (t) => [uniqueIndex("devices_token_hash").on(t.tokenHash)],
);
