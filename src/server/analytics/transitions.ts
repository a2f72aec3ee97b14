import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { transitionMatrix, type TransitionFacts } from "@/domain/analytics/transitions";
import { trajectoryDiff, type PathFacts } from "@/domain/analytics/trajectories";
import { sidesSelection, type Side } from "./sides";

/** `GET /api/analytics/transitions`: a's outcome against b's over runs paired by task and repeat. */
export function transitionAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side) {
  const sel = sidesSelection(filter, a, b, "r.outcome AS o");
  const facts = ctx.db.$client
    .prepare(
      `WITH ${sel.sql} SELECT x.o AS "from", y.o AS "to", COUNT(*) AS n FROM sel x JOIN sel y ON ${sel.pairOn} WHERE x.ina AND y.inb GROUP BY 1, 2`,
    )
    .all(...sel.params) as TransitionFacts[];
  return { a, b, ...transitionMatrix(facts) };
}

/** `GET /api/analytics/trajectories`: per shared task (or one `task`), both sides' call paths and where they part. */
export function trajectoryAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side, task?: string) {
  const sel = sidesSelection(task ? { ...filter, task } : filter, a, b, "r.call_pattern AS cp, r.outcome AS o");
  const rows = ctx.db.$client
    .prepare(
      `WITH ${sel.sql} SELECT t AS taskId, ina, inb, cp AS pattern, o AS outcome, COUNT(*) AS n FROM sel GROUP BY t, ina, inb, cp, o`,
    )
    .all(...sel.params) as (Omit<PathFacts, "configId"> & { ina: number; inb: number })[];
  // A run can be on both sides (a config against itself): each side takes the rows flagged for it.
  const side = (flag: "ina" | "inb", configId: string): PathFacts[] =>
    rows
      .filter((r) => r[flag])
      .map((r) => ({ taskId: r.taskId, configId, pattern: r.pattern, outcome: r.outcome, n: r.n }));
  return { a, b, tasks: trajectoryDiff(side("ina", a.config), side("inb", b.config)) };
}
