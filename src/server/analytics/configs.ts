import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { summariseConfigs, type ConfigFacts } from "@/domain/analytics/configs";
import { medianOfCounts } from "@/domain/stats/medianOfCounts";
import { rollUpConfigCells, type ConfigCellFacts } from "@/domain/analytics/configCells";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * Median of a per-run (or per-turn) column per config: SQL counts each distinct value per config,
 * `medianOfCounts` picks the middle (the two middle values averaged), the same number the window
 * function over every row gave, from far fewer rows (ADR 10).
 */
export function medianByConfig(ctx: Ctx, valueSql: string, from: string, where: { sql: string; params: unknown[] }) {
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.config_id AS g, ${valueSql} AS x, COUNT(*) AS n FROM ${from} WHERE ${where.sql} AND ${valueSql} IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all(...where.params) as { g: string; x: number; n: number }[];
  return medianOfCounts(rows);
}

/** `GET /api/analytics/configs`: one row per config over the filtered runs. */
export function configAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  // One pass of counts per config × task × group × held-out × outcome; the five fact lists are
  // rolled up from it (src/domain/analytics/configCells.ts) instead of five scans (ADR 10).
  const { base, groups, heldOut, outcomes, cells } = rollUpConfigCells(
    sqlite
      .prepare(
        `SELECT r.config_id AS configId, r.task_id AS taskId, r.task_group AS "group", r.held_out AS heldOut, r.outcome AS outcome,
                COUNT(*) AS runs, SUM(r.passed) AS passed, SUM(r.looping) AS looping, SUM(r.tool_calls) AS toolCalls,
                SUM(r.failed_tool_calls) AS failedToolCalls, MAX(r.peak_context_tokens) AS peakContextTokens
           FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2, 3, 4, 5`,
      )
      .all(...w.params) as ConfigCellFacts[],
  );
  const startup = medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w);
  const load = medianByConfig(ctx, "r.load_ms", FROM_FACTS, w);
  const ttft = medianByConfig(ctx, "r.first_ttft_ms", FROM_FACTS, w);
  const turn = medianByConfig(ctx, "(t.ttft_ms + t.decode_ms)", `${FROM_FACTS} JOIN turns t ON t.run_id = r.id`, w);
  const facts: ConfigFacts[] = base.map((b) => ({
    ...b,
    medianStartupTokens: startup.get(b.configId) ?? null,
    medianLoadMs: load.get(b.configId) ?? null,
    medianTtftMs: ttft.get(b.configId) ?? null,
    medianTurnMs: turn.get(b.configId) ?? null,
  }));
  return { configs: summariseConfigs(facts, groups, heldOut, outcomes, cells) };
}
