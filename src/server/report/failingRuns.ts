import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_RUNS, runsWhere } from "../analytics/where";

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
const FailingRow = z.object({
  id: z.string(),
  taskId: z.string(),
  configId: z.string(),
  sessionName: z.string(),
  repeat: int,
  outcome: z.string(),
  toolCalls: int,
  failedToolCalls: int,
});

export async function failingRuns(ctx: Ctx, filter: AnalyticsFilter): Promise<FailingRun[]> {
  const w = runsWhere({ ...filter, passed: false });
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  return sql.all(
    FailingRow,
    `SELECT r.id AS "id", r.task_id AS "taskId", r.config_id AS "configId", s.name AS "sessionName", r.repeat AS "repeat",
            sc.outcome AS "outcome", sc.tool_calls AS "toolCalls", sc.failed_tool_calls AS "failedToolCalls"
       FROM ${FROM_RUNS} WHERE ${w.sql}
      ORDER BY ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, ${d.collateC("r.session_id")}, r.repeat, ${d.collateC("r.id")}`,
    w.params,
  );
}
