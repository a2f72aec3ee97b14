import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { transitionMatrix } from "@/domain/analytics/transitions";
import { trajectoryDiff, type PathFacts } from "@/domain/analytics/trajectories";
import { sidesSelection, type Side } from "./sides";

const Transition = z.object({ from: z.string(), to: z.string(), n: int });
const PathRow = z.object({
  taskId: z.string(),
  ina: flag,
  inb: flag,
  pattern: z.string().nullable(),
  outcome: z.string(),
  n: int,
});

/** `GET /api/analytics/transitions`: a's outcome against b's over runs paired by task and repeat. */
export async function transitionAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side) {
  const sel = sidesSelection(filter, a, b, "r.outcome AS o");
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const facts = await sql.all(
    Transition,
    `WITH ${sel.sql} SELECT x.o AS "from", y.o AS "to", COUNT(*) AS "n" FROM sel x JOIN sel y ON ${sel.pairOn}
      WHERE x.ina = 1 AND y.inb = 1 GROUP BY x.o, y.o ORDER BY ${d.collateC("x.o")}, ${d.collateC("y.o")}`,
    sel.params,
  );
  return { a, b, ...transitionMatrix(facts) };
}

/** `GET /api/analytics/trajectories`: per shared task (or one `task`), both sides' call paths and where they part. */
export async function trajectoryAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side, task?: string) {
  const sel = sidesSelection(task ? { ...filter, task } : filter, a, b, "r.call_pattern AS cp, r.outcome AS o");
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const rows = await sql.all(
    PathRow,
    `WITH ${sel.sql} SELECT t AS "taskId", ina, inb, cp AS "pattern", o AS "outcome", COUNT(*) AS "n" FROM sel GROUP BY t, ina, inb, cp, o
      ORDER BY ${d.collateC("t")}, ina, inb, ${d.collateC("cp")} NULLS FIRST, ${d.collateC("o")}`,
    sel.params,
  );
  // A run can be on both sides (a config against itself): each side takes the rows flagged for it.
  const side = (flag: "ina" | "inb", configId: string): PathFacts[] =>
    rows
      .filter((r) => r[flag])
      .map((r) => ({ taskId: r.taskId, configId, pattern: r.pattern, outcome: r.outcome, n: r.n }));
  return { a, b, tasks: trajectoryDiff(side("ina", a.config), side("inb", b.config)) };
}
