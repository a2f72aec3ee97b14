import { z } from "zod";
import { Thermal } from "../protocol/common";
import { TaskGroup } from "../suite/schema";
import { OUTCOMES } from "../scoring/types";

/**
 * The filters every analytics view, export and API call share (protocol.md §5): sessions
 * (repeatable), build commit, device id, thermal state at start, charging; trial and superseded
 * runs are left out unless asked for. With no session named, exports take every session and
 * analytics the newest one unless `allSessions` pools them all on purpose
 * (server/analytics/resolveSelection.ts).
 */
export const AnalyticsFilter = z.object({
  sessions: z.array(z.string().min(1).max(100)).max(200).default([]),
  /** Analytics: pool every session when none is named, instead of showing the newest one. */
  allSessions: z.boolean().default(false),
  build: z.string().min(1).max(100).optional(),
  device: z.string().min(1).max(200).optional(),
  thermal: Thermal.optional(),
  charging: z.boolean().optional(),
  includeTrial: z.boolean().default(false),
  includeSuperseded: z.boolean().default(false),
  // Narrower filters of the runs explorer (and the downloads it offers).
  task: z.string().min(1).max(80).optional(),
  group: TaskGroup.optional(),
  config: z.string().min(1).max(80).optional(),
  outcome: z.enum(OUTCOMES).optional(),
  passed: z.boolean().optional(),
  looping: z.boolean().optional(),
  /** v1.1: runs whose start-up prompt lost the tools (the server's template dropped them). */
  toolsDropped: z.boolean().optional(),
});
export type AnalyticsFilter = z.infer<typeof AnalyticsFilter>;

const bool = (v: string | null): boolean | undefined | "invalid" => {
  if (v === null || v === "") return undefined;
  if (v === "1" || v === "true") return true;
  if (v === "0" || v === "false") return false;
  return "invalid";
};

/** Reads a filter from a query string; returns every problem when it cannot. */
export function parseFilter(params: URLSearchParams) {
  const raw = {
    sessions: params.getAll("session").filter(Boolean),
    allSessions: bool(params.get("allSessions")) ?? false,
    build: params.get("build") || undefined,
    device: params.get("device") || undefined,
    thermal: params.get("thermal") || undefined,
    charging: bool(params.get("charging")),
    includeTrial: bool(params.get("includeTrial")) ?? false,
    includeSuperseded: bool(params.get("includeSuperseded")) ?? false,
    task: params.get("task") || undefined,
    group: params.get("group") || undefined,
    config: params.get("config") || undefined,
    outcome: params.get("outcome") || undefined,
    passed: bool(params.get("passed")),
    looping: bool(params.get("looping")),
    toolsDropped: bool(params.get("toolsDropped")),
  };
  return AnalyticsFilter.safeParse(raw);
}

export { filterToParams } from "./filterParams";
