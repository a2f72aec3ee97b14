import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { peakContextView, type PeakRunFacts } from "@/domain/analytics/peakContext";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/context`: peak context of every run on the multi-step tasks against its
 * window (Figure 6). Per-run rows are bounded by the selection's multi-step runs (a few per task,
 * config and repeat), which is what the chart draws anyway.
 */
export function peakContextAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const runs = ctx.db.$client
    .prepare(
      `SELECT r.id AS runId, r.task_id AS taskId, r.config_id AS configId, r.repeat AS repeat,
              r.peak_context_tokens AS peakContextTokens, r.context_window AS contextWindow, r.outcome AS outcome
         FROM ${FROM_FACTS} WHERE ${w.sql} AND r.task_group = 'multi_step'
        ORDER BY r.task_id, r.config_id, r.repeat, r.id`,
    )
    .all(...w.params) as PeakRunFacts[];
  return peakContextView(runs);
}
