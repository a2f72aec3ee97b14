import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, flagOrNull, plainNum, plainNumOrNull } from "../store/columns";
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
// One row per run (every run of the selection): nine plain fields.
const CostRow = z.object({
  configId: z.string(),
  deviceId: z.string(),
  passed: flag,
  startedAt: z.string(),
  loadMs: plainNum,
  turnMs: plainNum,
  outputTokens: plainNum,
  charging: flagOrNull,
  battery: plainNumOrNull,
});

export async function costAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  // In run id order on both engines: the domain sorts each device's runs by start, ties kept in this order.
  const rows = await sql.all(
    CostRow,
    `SELECT r.config_id AS "configId", r.device_id AS "deviceId", r.passed AS "passed", r.started_at AS "startedAt", r.load_ms AS "loadMs",
            r.turn_ttft_ms + r.turn_decode_ms AS "turnMs", r.turn_output_tokens AS "outputTokens",
            r.charging AS "charging", r.battery AS "battery"
       FROM ${FROM_FACTS}
      WHERE ${w.sql} ORDER BY ${dialectOf(sql).collateC("r.id")}`,
    w.params,
  );
  const runs: CostRun[] = rows.map((r) => ({
    configId: r.configId,
    deviceId: r.deviceId,
    passed: r.passed,
    startedAt: Date.parse(r.startedAt),
    loadMs: r.loadMs,
    // The cost needs only the sums, so each run is handed over as one turn carrying them.
    turns: [{ ttftMs: r.turnMs, decodeMs: 0, outputTokens: r.outputTokens }],
    battery: r.battery,
    charging: r.charging,
  }));
  return {
    configs: costPerSuccess(runs),
    note: "Battery figures are approximate: a run's drop is its start battery minus the next run's on the same device, counted only when both ran unplugged and the battery did not rise, so runs next to a charge change are left out.",
  };
}
