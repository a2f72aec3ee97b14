import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { rankFailurePatterns, type CellRunFacts, type PatternFacts } from "@/domain/analytics/failures";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/failures`: the most common call pattern of each task × config's failing runs
 * (Table 3), and how many runs the selection has (so an empty table can say whether all passed).
 */
export function failureAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const patterns = sqlite
    .prepare(
      `SELECT r.task_id AS taskId, MAX(r.task_group) AS "group", r.config_id AS configId, r.call_pattern AS pattern, COUNT(*) AS n
         FROM ${FROM_FACTS} WHERE ${w.sql} AND r.passed = 0 GROUP BY r.task_id, r.config_id, r.call_pattern`,
    )
    .all(...w.params) as PatternFacts[];
  const cells = sqlite
    .prepare(
      `SELECT r.task_id AS taskId, r.config_id AS configId, COUNT(*) AS runs FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as CellRunFacts[];
  return { failures: rankFailurePatterns(patterns, cells), runs: cells.reduce((n, c) => n + c.runs, 0) };
}
