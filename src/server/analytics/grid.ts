import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildTaskGrid } from "@/domain/analytics/grid";
import { outcomeDistribution, OUTCOME_SCOPES } from "@/domain/analytics/outcomes";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import { FROM_FACTS, factsWhere } from "./where";

const GridRow = z.object({
  taskId: z.string(),
  configId: z.string(),
  group: z.string(),
  heldOut: flag,
  runs: int,
  passed: int,
});

/** Task × config k/n over the filtered runs (Figure 4). */
export async function taskGrid(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const rows = await sql.all(
    GridRow,
    `SELECT r.task_id AS "taskId", r.config_id AS "configId", MAX(r.task_group) AS "group", MAX(${d.oneIf("r.held_out")}) AS "heldOut",
            COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed"
       FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.task_id, r.config_id
      ORDER BY ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}`,
    w.params,
  );
  return buildTaskGrid(rows);
}

const OutcomeRow = z.object({ configId: z.string(), group: z.string(), outcome: z.string(), n: int });

/** Outcome counts per config for all, file and multi-step tasks (Figure 5). */
export async function outcomeAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const facts = await sql.all(
    OutcomeRow,
    // Counted per config × task × group × held-out × outcome first, the leading columns of the
    // covering index run_facts_cells (ADR 11), then summed over tasks: the same counts without
    // sorting every run.
    `SELECT c.config_id AS "configId", c.task_group AS "group", c.outcome AS "outcome", SUM(c.n) AS "n"
       FROM (SELECT r.config_id, r.task_id, r.task_group, r.held_out, r.outcome, COUNT(*) AS n FROM ${FROM_FACTS}
              WHERE ${w.sql} GROUP BY r.config_id, r.task_id, r.task_group, r.held_out, r.outcome) c
      GROUP BY c.config_id, c.task_group, c.outcome
      ORDER BY ${d.collateC("c.config_id")}, ${d.collateC("c.task_group")}, ${d.collateC("c.outcome")}`,
    w.params,
  );
  return Object.fromEntries(OUTCOME_SCOPES.map((s) => [s, outcomeDistribution(facts, s)])) as Record<
    (typeof OUTCOME_SCOPES)[number],
    ReturnType<typeof outcomeDistribution>
  >;
}
