import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { summariseConfigs, type ConfigFacts } from "@/domain/analytics/configs";
import { medianOfCounts } from "@/domain/stats/medianOfCounts";
import { rollUpConfigCells } from "@/domain/analytics/configCells";
import { dialectOf } from "../store/dialect";
import type { SqlRunner } from "../store/sql";
import { flag, int, num } from "../store/columns";
import { FROM_FACTS, FROM_TURN_FACTS, factsWhere } from "./where";

const ValueCount = z.object({ g: z.string(), x: num, n: int });

/**
 * Median of a per-run (or per-turn) column per group (`groupSql`, a text expression): SQL counts
 * each distinct value per group, `medianOfCounts` picks the middle (the two middle values
 * averaged), the same number the window function over every row gave, from far fewer rows (ADR 10).
 * Groups in byte order on every engine.
 */
export async function medianByGroup(
  sql: SqlRunner,
  groupSql: string,
  valueSql: string,
  from: string,
  where: { sql: string; params: unknown[] },
) {
  const rows = await sql.all(
    ValueCount,
    `SELECT ${groupSql} AS "g", ${valueSql} AS "x", COUNT(*) AS "n" FROM ${from} WHERE ${where.sql} AND ${valueSql} IS NOT NULL
      GROUP BY ${groupSql}, ${valueSql} ORDER BY ${dialectOf(sql).collateC(groupSql)}, ${valueSql}`,
    where.params,
  );
  return medianOfCounts(rows);
}

/** `medianByGroup` per config, over the columnar copy when it answers (ADR 12). */
export async function medianByConfig(
  ctx: Ctx,
  valueSql: string,
  from: string,
  where: { sql: string; params: unknown[] },
) {
  return medianByGroup(await ctx.store.facts(), "r.config_id", valueSql, from, where);
}

const Cell = z.object({
  configId: z.string(),
  taskId: z.string(),
  group: z.string(),
  heldOut: flag,
  outcome: z.string(),
  runs: int,
  passed: int,
  looping: int,
  toolCalls: int,
  failedToolCalls: int,
  peakContextTokens: int,
});

/** `GET /api/analytics/configs`: one row per config over the filtered runs. */
export async function configAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  // One pass of counts per config × task × group × held-out × outcome; the five fact lists are
  // rolled up from it (src/domain/analytics/configCells.ts) instead of five scans (ADR 10).
  const cells = await sql.all(
    Cell,
    `SELECT r.config_id AS "configId", r.task_id AS "taskId", r.task_group AS "group", r.held_out AS "heldOut", r.outcome AS "outcome",
            COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed", SUM(${d.oneIf("r.looping")}) AS "looping",
            SUM(r.tool_calls) AS "toolCalls", SUM(r.failed_tool_calls) AS "failedToolCalls", MAX(r.peak_context_tokens) AS "peakContextTokens"
       FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.config_id, r.task_id, r.task_group, r.held_out, r.outcome
      ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.task_id")}, ${d.collateC("r.task_group")}, r.held_out, ${d.collateC("r.outcome")}`,
    w.params,
  );
  const {
    base,
    groups,
    heldOut,
    outcomes,
    cells: byCell,
  } = rollUpConfigCells(cells.map((c) => ({ ...c, heldOut: c.heldOut ? 1 : 0 })));
  const [startup, load, ttft, turn] = await Promise.all([
    medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w),
    medianByConfig(ctx, "r.load_ms", FROM_FACTS, w),
    medianByConfig(ctx, "r.first_ttft_ms", FROM_FACTS, w),
    medianByConfig(ctx, "r.turn_ms", FROM_TURN_FACTS, w),
  ]);
  const facts: ConfigFacts[] = base.map((b) => ({
    ...b,
    medianStartupTokens: startup.get(b.configId) ?? null,
    medianLoadMs: load.get(b.configId) ?? null,
    medianTtftMs: ttft.get(b.configId) ?? null,
    medianTurnMs: turn.get(b.configId) ?? null,
  }));
  return { configs: summariseConfigs(facts, groups, heldOut, outcomes, byCell) };
}
