import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { rankFailurePatterns } from "@/domain/analytics/failures";
import { FROM_FACTS, factsWhere } from "./where";

const PatternRow = z.object({
  taskId: z.string(),
  group: z.string(),
  configId: z.string(),
  pattern: z.string().nullable(),
  n: int,
});
const CellRow = z.object({ taskId: z.string(), configId: z.string(), runs: int });

/**
 * `GET /api/analytics/failures`: the most common call pattern of each task × config's failing runs
 * (Table 3), and how many runs the selection has (so an empty table can say whether all passed).
 */
export async function failureAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const byCell = `${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}`;
  const [patterns, cells] = await Promise.all([
    sql.all(
      PatternRow,
      `SELECT r.task_id AS "taskId", MAX(r.task_group) AS "group", r.config_id AS "configId", r.call_pattern AS "pattern", COUNT(*) AS "n"
         FROM ${FROM_FACTS} WHERE ${w.sql} AND r.passed = FALSE GROUP BY r.task_id, r.config_id, r.call_pattern
        ORDER BY ${byCell}, ${d.collateC("r.call_pattern")} NULLS FIRST`,
      w.params,
    ),
    sql.all(
      CellRow,
      `SELECT r.task_id AS "taskId", r.config_id AS "configId", COUNT(*) AS "runs" FROM ${FROM_FACTS} WHERE ${w.sql}
        GROUP BY r.task_id, r.config_id ORDER BY ${byCell}`,
      w.params,
    ),
  ]);
  return { failures: rankFailurePatterns(patterns, cells), runs: cells.reduce((n, c) => n + c.runs, 0) };
}
