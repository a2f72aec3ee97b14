import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  summariseConfigs,
  type ConfigFacts,
  type GroupFacts,
  type OutcomeFacts,
  type TaskCellFacts,
} from "@/domain/analytics/configs";
import { FROM_RUNS, whereClause } from "./where";

/** Median of a per-run column per config, in SQL (two middle rows averaged). */
export function medianByConfig(ctx: Ctx, valueSql: string, from: string, where: { sql: string; params: unknown[] }) {
  const rows = ctx.db.$client
    .prepare(
      `WITH v AS (SELECT r.config_id AS c, ${valueSql} AS x FROM ${from} WHERE ${where.sql} AND ${valueSql} IS NOT NULL),
            o AS (SELECT c, x, ROW_NUMBER() OVER (PARTITION BY c ORDER BY x) AS rn, COUNT(*) OVER (PARTITION BY c) AS n FROM v)
       SELECT c, AVG(x) AS m FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY c`,
    )
    .all(...where.params) as { c: string; m: number }[];
  return new Map(rows.map((r) => [r.c, r.m]));
}

/** `GET /api/analytics/configs`: one row per config over the filtered runs. */
export function configAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = whereClause(filter);
  const sqlite = ctx.db.$client;
  const base = sqlite
    .prepare(
      `SELECT r.config_id AS configId, COUNT(*) AS runs, SUM(sc.passed) AS passed, SUM(sc.looping) AS looping,
              SUM(sc.outcome = 'context_full') AS contextFull, SUM(sc.tool_calls) AS toolCalls,
              SUM(sc.failed_tool_calls) AS failedToolCalls, MAX(sc.peak_context_tokens) AS peakContextTokens
         FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY r.config_id`,
    )
    .all(...w.params) as Omit<ConfigFacts, "medianStartupTokens" | "medianLoadMs" | "medianTtftMs" | "medianTurnMs">[];
  const startup = medianByConfig(ctx, "sc.startup_tokens", FROM_RUNS, w);
  const load = medianByConfig(ctx, "sc.load_ms", FROM_RUNS, w);
  const ttft = medianByConfig(ctx, "sc.first_ttft_ms", FROM_RUNS, w);
  const turn = medianByConfig(ctx, "(t.ttft_ms + t.decode_ms)", `${FROM_RUNS} JOIN turns t ON t.run_id = r.id`, w);
  const facts: ConfigFacts[] = base.map((b) => ({
    ...b,
    medianStartupTokens: startup.get(b.configId) ?? null,
    medianLoadMs: load.get(b.configId) ?? null,
    medianTtftMs: ttft.get(b.configId) ?? null,
    medianTurnMs: turn.get(b.configId) ?? null,
  }));
  const groups = sqlite
    .prepare(
      `SELECT r.config_id AS configId, r.task_group AS "group", COUNT(*) AS runs, SUM(sc.passed) AS passed FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as GroupFacts[];
  const heldOut = sqlite
    .prepare(
      `SELECT r.config_id AS configId, COUNT(*) AS runs, SUM(sc.passed) AS passed FROM ${FROM_RUNS} WHERE ${w.sql} AND r.held_out = 1 GROUP BY 1`,
    )
    .all(...w.params) as { configId: string; runs: number; passed: number }[];
  const outcomes = sqlite
    .prepare(
      `SELECT r.config_id AS configId, sc.outcome AS outcome, COUNT(*) AS n FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as OutcomeFacts[];
  // One row per config × task: the clusters of the ICC and effective n (a task has one group).
  const cells = sqlite
    .prepare(
      `SELECT r.config_id AS configId, MAX(r.task_group) AS "group", r.task_id AS taskId, COUNT(*) AS runs, SUM(sc.passed) AS passed FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1, 3`,
    )
    .all(...w.params) as TaskCellFacts[];
  return { configs: summariseConfigs(facts, groups, heldOut, outcomes, cells) };
}
