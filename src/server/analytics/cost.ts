import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, flagOrNull, int, num, plainNum, plainNumOrNull } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { costFromSums, costPerSuccess, type ConfigCost, type CostRun } from "@/domain/fleet";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/cost`: per config, phone seconds and output tokens per successful task, and
 * battery points per run and per success from consecutive unplugged runs on one device
 * (src/domain/fleet/cost.ts). Battery is read from the raw trace's `conditions.battery` (it has no
 * column of its own; run_facts copies it when the trace is stored); imported runs have none. Turn
 * sums come from run_facts. The columnar copy (ADR 12) adds each config's totals up itself, pairing
 * each run with its device's next by start time (`started_ms`, which only the copy has); the
 * database hands over a row per run and the domain pairs them (`costPerSuccess`): the same numbers.
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

export const COST_NOTE =
  "Battery figures are approximate: a run's drop is its start battery minus the next run's on the same device, counted only when both ran unplugged and the battery did not rise, so runs next to a charge change are left out.";

export async function costAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const sql = await ctx.store.facts();
  const configs = sql.dialect === "duckdb" ? await summedInCopy(sql, filter) : await perRun(sql, filter);
  return { configs, note: COST_NOTE };
}

const ConfigSums = z.object({
  configId: z.string(),
  runs: int,
  passed: int,
  phoneMs: num,
  outputTokens: num,
  batteryRuns: int,
  batteryPoints: num,
  batteryPassed: int,
});

/**
 * Each config's totals in one statement over the copy. A run's battery drop is its start battery
 * minus the next run's on its device, in start order (ties in run id order, as `batteryDrops`
 * sorts), counted when both ran unplugged and it is not negative: `batteryDrops`'s rule.
 */
async function summedInCopy(sql: SqlRunner, filter: AnalyticsFilter): Promise<ConfigCost[]> {
  const w = factsWhere(filter);
  const rows = await sql.all(
    ConfigSums,
    `WITH sel AS (
       SELECT r.id, r.config_id, r.device_id, r.passed, r.started_ms, r.charging, r.battery,
              r.load_ms + r.turn_ttft_ms + r.turn_decode_ms AS ms, r.turn_output_tokens AS tokens
         FROM ${FROM_FACTS} WHERE ${w.sql}),
     paired AS (
       SELECT *, (battery - LEAD(battery) OVER seq) * 100 AS drop_points,
              charging = FALSE AND LEAD(charging) OVER seq = FALSE AS unplugged
         FROM sel WINDOW seq AS (PARTITION BY device_id ORDER BY started_ms, id)),
     measured AS (SELECT *, COALESCE(unplugged AND drop_points >= 0, FALSE) AS m FROM paired)
     SELECT config_id AS "configId", COUNT(*) AS "runs", SUM(CASE WHEN passed THEN 1 ELSE 0 END) AS "passed",
            SUM(ms) AS "phoneMs", SUM(tokens) AS "outputTokens", SUM(CASE WHEN m THEN 1 ELSE 0 END) AS "batteryRuns",
            COALESCE(SUM(CASE WHEN m THEN drop_points END), 0) AS "batteryPoints",
            SUM(CASE WHEN m AND passed THEN 1 ELSE 0 END) AS "batteryPassed"
       FROM measured GROUP BY config_id`,
    w.params,
  );
  // Configs in the order `costPerSuccess` gives them.
  return rows.sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0)).map(costFromSums);
}

/** A row per run, paired and added up by the domain. */
async function perRun(sql: SqlRunner, filter: AnalyticsFilter): Promise<ConfigCost[]> {
  const w = factsWhere(filter);
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
  return costPerSuccess(runs);
}
