import "server-only";
import type { DbCtx } from "../../context";
import { stmt } from "../../statements";
import { PollStateRow, rowOf } from "../rows";
import type { DeviceStore } from "../types";

/** A poll's bookkeeping on SQLite (issue 20.4), the statements src/server/devices/recordPoll.ts ran. */
export function sqliteDevices(ctx: DbCtx): DeviceStore {
  return {
    pollState: async (deviceId) =>
      rowOf(
        PollStateRow,
        stmt(
          ctx,
          `SELECT paused_at AS pausedAt, state_thermal AS thermal, state_battery AS battery, state_charging AS charging,
             state_at AS at, phone_model AS model, build_app AS app, build_model AS buildModel, build_commit AS "commit"
        FROM devices WHERE id = ?`,
        ).get(deviceId),
      ),
    savePollState: async (deviceId, s, now) => {
      stmt(
        ctx,
        `UPDATE devices SET state_thermal = @thermal, state_battery = @battery, state_charging = @charging, state_at = @now,
        phone_model = @model, build_app = @app, build_model = @buildModel, build_commit = @commit WHERE id = @id`,
      ).run({ ...s, charging: s.charging === null ? null : s.charging ? 1 : 0, now, id: deviceId });
    },
  };
}
