import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { costPerSuccess, type CostRun } from "@/domain/fleet";
import { FROM_RUNS, whereClause } from "./where";

/**
 * `GET /api/analytics/cost`: per config, phone seconds and output tokens per successful task, and
 * battery points per run and per success from consecutive unplugged runs on one device
 * (src/domain/fleet/cost.ts). Battery is read from the raw trace's `conditions.battery` (it has no
 * column); imported runs have no trace and so no battery. Turns are summed in SQL, one row per run.
 */
export function costAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = whereClause(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.config_id AS configId, r.device_id AS deviceId, sc.passed AS passed, r.started_at AS startedAt, sc.load_ms AS loadMs,
              (SELECT COALESCE(SUM(t.ttft_ms + t.decode_ms), 0) FROM turns t WHERE t.run_id = r.id) AS turnMs,
              (SELECT COALESCE(SUM(t.output_tokens), 0) FROM turns t WHERE t.run_id = r.id) AS outputTokens,
              r.charging AS charging,
              (SELECT json_extract(tr.body, '$.conditions.battery') FROM traces tr WHERE tr.run_id = r.id) AS battery
         FROM ${FROM_RUNS}
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
