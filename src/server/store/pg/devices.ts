import "server-only";
import { sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { PollStateRow, rowOf } from "../rows";
import type { DeviceStore } from "../types";

/** A poll's bookkeeping on PostgreSQL (issue 20.4): the same columns as on SQLite. */
export function pgDevices(db: PgDb): DeviceStore {
  return {
    pollState: async (deviceId) =>
      rowOf(
        PollStateRow,
        (
          await db.execute(sql`SELECT paused_at AS "pausedAt", state_thermal AS thermal, state_battery AS battery,
              state_charging AS charging, state_at AS at, phone_model AS model, build_app AS app,
              build_model AS "buildModel", build_commit AS "commit"
            FROM devices WHERE id = ${deviceId}`)
        ).rows[0],
      ),
    savePollState: async (deviceId, s, now) => {
      await db.execute(sql`UPDATE devices SET state_thermal = ${s.thermal}, state_battery = ${s.battery},
          state_charging = ${s.charging}, state_at = ${now}, phone_model = ${s.model}, build_app = ${s.app},
          build_model = ${s.buildModel}, build_commit = ${s.commit} WHERE id = ${deviceId}`);
    },
  };
}
