import "server-only";
import type { Ctx } from "../context";
import { setDevicePaused } from "./pauseDevice";

/** Lets a paused device lease jobs again (src/server/devices/pauseDevice.ts). */
export const resumeDevice = (ctx: Ctx, id: string) => setDevicePaused(ctx, id, false);
