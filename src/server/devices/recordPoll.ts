import "server-only";
import type { Ctx } from "../context";
import type { PollRequest } from "@/domain/protocol";
import type { PollStateWrite } from "../store/types";

/** A poll whose state and build equal the stored ones refreshes them at most this often. */
const REFRESH_MS = 10_000;

/**
 * Keeps a poll's `state`, `device.model` and `build` on the device (issue 20.4: the fleet page shows
 * them) and says whether the device is paused. Like "last seen" it skips the write when nothing
 * changed in the last 10 s, so an idle phone long-polling does not flush the disk on every poll.
 */
export async function recordPoll(ctx: Ctx, deviceId: string, req: PollRequest): Promise<{ paused: boolean }> {
  const now = ctx.now();
  const row = await ctx.store.devices.pollState(deviceId);
  if (!row) return { paused: false };
  const next: PollStateWrite = {
    thermal: req.state.thermal,
    battery: req.state.battery ?? null,
    charging: req.state.charging ?? null,
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
  if (!same || row.at === null || now - row.at >= REFRESH_MS)
    await ctx.store.devices.savePollState(deviceId, next, now);
  return { paused: row.pausedAt !== null };
}
