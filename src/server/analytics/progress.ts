import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildTrajectories, type ProgressRunFacts } from "@/domain/analytics/progress";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/progress`: majority progress paths (Figures 9–10). Reads per-run progress,
 * but only of tasks with milestones (in the default suite, the multi-step tasks), which are a
 * bounded subset of the selection; the per-call ok flags were stored at scoring, so no trace is parsed.
 * The JSON columns stay in `scores` (read by id for these runs only), out of the narrow run_facts.
 */
const ProgressRow = z.object({
  taskId: z.string(),
  group: z.string(),
  configId: z.string(),
  progress: z.string(),
  callOk: z.string().nullable(),
  endReason: z.string(),
  milestonesTotal: int,
});

export async function progressAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const rows = await sql.all(
    ProgressRow,
    `SELECT r.task_id AS "taskId", r.task_group AS "group", r.config_id AS "configId", sc.progress AS "progress",
            sc.call_ok AS "callOk", r.end_reason AS "endReason", r.milestones_total AS "milestonesTotal"
       FROM ${FROM_FACTS} JOIN scores sc ON sc.id = r.score_id WHERE ${w.sql} AND r.milestones_total > 0
      ORDER BY ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, ${d.collateC("r.session_id")}, r.repeat, ${d.collateC("r.id")}`,
    w.params,
  );
  const facts: ProgressRunFacts[] = rows.map((r) => ({
    ...r,
    progress: JSON.parse(r.progress) as number[],
    callOk: r.callOk === null ? null : (JSON.parse(r.callOk) as boolean[]),
  }));
  return { tasks: buildTrajectories(facts) };
}
