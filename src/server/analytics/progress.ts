import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildTrajectories, type ProgressRunFacts } from "@/domain/analytics/progress";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/progress`: majority progress paths (Figures 9–10). Reads per-run progress,
 * but only of tasks with milestones (in the default suite, the multi-step tasks), which are a
 * bounded subset of the selection; the per-call ok flags were stored at scoring, so no trace is parsed.
 * The JSON columns stay in `scores` (read by id for these runs only), out of the narrow run_facts.
 */
export function progressAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.task_id AS taskId, r.task_group AS "group", r.config_id AS configId, sc.progress AS progress,
              sc.call_ok AS callOk, r.end_reason AS endReason, r.milestones_total AS milestonesTotal
         FROM ${FROM_FACTS} JOIN scores sc ON sc.id = r.score_id WHERE ${w.sql} AND r.milestones_total > 0
        ORDER BY r.task_id, r.config_id, r.session_id, r.repeat, r.id`,
    )
    .all(...w.params) as (Omit<ProgressRunFacts, "progress" | "callOk"> & {
    progress: string;
    callOk: string | null;
  })[];
  const facts: ProgressRunFacts[] = rows.map((r) => ({
    ...r,
    progress: JSON.parse(r.progress) as number[],
    callOk: r.callOk === null ? null : (JSON.parse(r.callOk) as boolean[]),
  }));
  return { tasks: buildTrajectories(facts) };
}
