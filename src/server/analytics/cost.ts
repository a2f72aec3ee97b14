import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { costPerSuccess, type CostRun } from "@/domain/fleet";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/cost`: per config, phone seconds and output tokens per successful task, and
 * battery points per run and per success from consecutive unplugged runs on one device
 * (src/domain/fleet/cost.ts). Battery is read from the raw trace's `conditions.battery` (it has no
 * column of its own; run_facts copies it when the trace is stored); imported runs have none. Turn
 * sums come from run_facts, one row per run.
 */
export function costAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.config_id AS configId, r.device_id AS deviceId, r.passed AS passed, r.started_at AS startedAt, r.load_ms AS loadMs,
              r.turn_ttft_ms + r.turn_decode_ms AS turnMs, r.turn_output_tokens AS outputTokens,
              r.charging AS charging, r.battery AS battery
         FROM ${FROM_FACTS}
        WHERE ${w.sql}`,
    )
    .all(...w.params) as {
    configId: string;
    deviceId: string;
    passed: number;
    startedAt: string;
    loadMs: number;
    turnMs: number;
    outputTokens: number;
    charging: number | null;
    battery: number | null;
  }[];
  const runs: CostRun[] = rows.map((r) => ({
    configId: r.configId,
    deviceId: r.deviceId,
    passed: !!r.passed,
    startedAt: Date.parse(r.startedAt),
    loadMs: r.loadMs,
    // The cost needs only the sums, so each run is handed over as one turn carrying them.
    turns: [{ ttftMs: r.turnMs, decodeMs: 0, outputTokens: r.outputTokens }],
    battery: typeof r.battery === "number" ? r.battery : null,
    charging: r.charging === null ? null : !!r.charging,
  }));
  return {
    configs: costPerSuccess(runs),
    note: "Battery figures are approximate: a run's drop is its start battery minus the next run's on the same device, counted only when both ran unplugged and the battery did not rise, so runs next to a charge change are left out.",
  };
}
