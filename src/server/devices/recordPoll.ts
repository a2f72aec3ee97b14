import "server-only";
import type { Ctx } from "../context";
import type { PollRequest } from "@/domain/protocol";
import { stmt } from "../statements";

interface Stored {
  pausedAt: number | null;
  thermal: string | null;
  battery: number | null;
  charging: number | null;
  at: number | null;
  model: string | null;
  app: string | null;
  buildModel: string | null;
  commit: string | null;
}

/** A poll whose state and build equal the stored ones refreshes them at most this often. */
const REFRESH_MS = 10_000;

/**
 * Keeps a poll's `state`, `device.model` and `build` on the device (issue 20.4: the fleet page shows
 * them) and says whether the device is paused. Like "last seen" it skips the write when nothing
 * changed in the last 10 s, so an idle phone long-polling does not flush the disk on every poll.
 */
export function recordPoll(ctx: Ctx, deviceId: string, req: PollRequest): { paused: boolean } {
  const now = ctx.now();
  const row = stmt(
    ctx,
    `SELECT paused_at AS pausedAt, state_thermal AS thermal, state_battery AS battery, state_charging AS charging,
         state_at AS at, phone_model AS model, build_app AS app, build_model AS buildModel, build_commit AS "commit"
    FROM devices WHERE id = ?`,
  ).get(deviceId) as Stored | undefined;
  if (!row) return { paused: false };
  const next = {
    thermal: req.state.thermal,
    battery: req.state.battery ?? null,
    charging: req.state.charging === undefined ? null : req.state.charging ? 1 : 0,
    model: req.device.model,
    app: req.build.app,
    buildModel: req.build.model,
    commit: req.build.commit,
  };
  const same =
    row.thermal === next.thermal &&
    row.battery === next.battery &&
    row.charging === next.charging &&
    row.model === next.model &&
    row.app === next.app &&
    row.buildModel === next.buildModel &&
    row.commit === next.commit;
  if (!same || row.at === null || now - row.at >= REFRESH_MS) {
    stmt(
      ctx,
      `UPDATE devices SET state_thermal = @thermal, state_battery = @battery, state_charging = @charging, state_at = @now,
        phone_model = @model, build_app = @app, build_model = @buildModel, build_commit = @commit WHERE id = @id`,
    ).run({ ...next, now, id: deviceId });
  }
  return { paused: row.pausedAt !== null };
}
