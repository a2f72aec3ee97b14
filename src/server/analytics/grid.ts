import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildTaskGrid, type GridCellFacts } from "@/domain/analytics/grid";
import { outcomeDistribution, OUTCOME_SCOPES, type OutcomeGroupFacts } from "@/domain/analytics/outcomes";
import { FROM_FACTS, factsWhere } from "./where";

/** Task × config k/n over the filtered runs (Figure 4). */
export function taskGrid(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.task_id AS taskId, r.config_id AS configId, MAX(r.task_group) AS "group", MAX(r.held_out) AS heldOut,
              COUNT(*) AS runs, SUM(r.passed) AS passed
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.task_id, r.config_id`,
    )
    .all(...w.params) as (Omit<GridCellFacts, "heldOut"> & { heldOut: number })[];
  return buildTaskGrid(rows.map((r) => ({ ...r, heldOut: !!r.heldOut })));
}

/** Outcome counts per config for all, file and multi-step tasks (Figure 5). */
export function outcomeAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const facts = ctx.db.$client
    .prepare(
      `SELECT r.config_id AS configId, r.task_group AS "group", r.outcome AS outcome, COUNT(*) AS n FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2, 3`,
    )
    .all(...w.params) as OutcomeGroupFacts[];
  return Object.fromEntries(OUTCOME_SCOPES.map((s) => [s, outcomeDistribution(facts, s)])) as Record<
    (typeof OUTCOME_SCOPES)[number],
    ReturnType<typeof outcomeDistribution>
  >;
}
