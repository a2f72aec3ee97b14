import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { plainNum } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { peakContextView } from "@/domain/analytics/peakContext";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/context`: peak context of every run on the multi-step tasks against its
 * window (Figure 6). Per-run rows are bounded by the selection's multi-step runs (a few per task,
 * config and repeat), which is what the chart draws anyway.
 */
const PeakRow = z.object({
  runId: z.string(),
  taskId: z.string(),
  configId: z.string(),
  repeat: plainNum,
  peakContextTokens: plainNum,
  contextWindow: plainNum,
  outcome: z.string(),
});

export async function peakContextAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const runs = await sql.all(
    PeakRow,
    `SELECT r.id AS "runId", r.task_id AS "taskId", r.config_id AS "configId", r.repeat AS "repeat",
            r.peak_context_tokens AS "peakContextTokens", r.context_window AS "contextWindow", r.outcome AS "outcome"
       FROM ${FROM_FACTS} WHERE ${w.sql} AND r.task_group = 'multi_step'
      ORDER BY ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, r.repeat, ${d.collateC("r.id")}`,
    w.params,
  );
  return peakContextView(runs);
}
