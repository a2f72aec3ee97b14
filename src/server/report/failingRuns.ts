import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_RUNS, whereClause } from "../analytics/where";

export interface FailingRun {
  id: string;
  taskId: string;
  configId: string;
  sessionName: string;
  repeat: number;
  outcome: string;
  toolCalls: number;
  failedToolCalls: number;
}

/** The failing runs of a selection, by task, config and repeat: the study report gives each a static trace page. */
export function failingRuns(ctx: Ctx, filter: AnalyticsFilter): FailingRun[] {
  const w = whereClause({ ...filter, passed: false });
  return ctx.db.$client
    .prepare(
      `SELECT r.id, r.task_id AS taskId, r.config_id AS configId, s.name AS sessionName, r.repeat, sc.outcome,
              sc.tool_calls AS toolCalls, sc.failed_tool_calls AS failedToolCalls
         FROM ${FROM_RUNS} WHERE ${w.sql} ORDER BY r.task_id, r.config_id, r.session_id, r.repeat, r.id`,
    )
    .all(...w.params) as FailingRun[];
}
