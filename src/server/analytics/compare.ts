import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, flagOrNull, int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareSides, likeForLikeNotices, type SideDescription } from "@/domain/analytics/compare";
import { bySeverity } from "@/domain/analytics/notices";
import { clusterBootstrapDiff } from "@/domain/stats/bootstrap";
import { sidesSelection, type Side } from "./sides";

const TaskRow = z.object({ taskId: z.string(), aRuns: int, aPassed: int, bRuns: int, bPassed: int });
const SideRow = z.object({ ina: flag, inb: flag, s: z.string(), b: z.string(), d: z.string(), ch: flagOrNull });

/**
 * `GET /api/analytics/compare`: side b against side a. Each side is a config, optionally within
 * one session (to compare the same config across two sessions). Every test is over tasks
 * (src/domain/analytics/compare.ts): a task's runs on a side are pooled over the side's sessions.
 *
 * Every figure comes from one materialized selection of the runs on either side, with a flag per
 * side: reading the runs once per figure instead of once per side and figure took the query from
 * 3.6 s to well under a second at 100k runs (docs/benchmarks.md, row 3d).
 */
export async function compareAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side) {
  const sql = await ctx.store.facts();
  const dl = dialectOf(sql);
  // Verdicts and side flags as 0/1, so they sum and multiply alike on both engines.
  const { sql: sel, params } = sidesSelection(
    filter,
    a,
    b,
    `${dl.oneIf("r.passed")} AS p, r.build_commit AS b, r.device_id AS d, r.charging AS ch`,
  );

  const [tasks, rows] = await Promise.all([
    sql.all(
      TaskRow,
      `WITH ${sel}
       SELECT t AS "taskId", SUM(ina) AS "aRuns", SUM(ina * p) AS "aPassed", SUM(inb) AS "bRuns", SUM(inb * p) AS "bPassed"
         FROM sel GROUP BY t HAVING SUM(ina) > 0 AND SUM(inb) > 0 ORDER BY ${dl.collateC("t")}`,
      params,
    ),
    // Sessions, builds, devices and charging states per side, for the like-for-like warnings.
    sql.all(
      SideRow,
      `WITH ${sel} SELECT ina, inb, s, b, d, ch FROM sel GROUP BY ina, inb, s, b, d, ch
        ORDER BY ina, inb, ${dl.collateC("s")}, ${dl.collateC("b")}, ${dl.collateC("d")}, ch NULLS FIRST`,
      params,
    ),
  ]);
  const describe = (side: "ina" | "inb"): SideDescription => {
    const mine = rows.filter((r) => r[side]);
    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    return {
      sessions: uniq(mine.map((r) => r.s)),
      builds: uniq(mine.map((r) => r.b)),
      devices: uniq(mine.map((r) => r.d)),
      charging: uniq(mine.map((r) => r.ch)),
    };
  };
  const sides = likeForLikeNotices(describe("ina"), describe("inb"));
  // `tasks` (k/n per side) lets a page show the counts behind each improved / degraded task;
  // `bootstrap` is the task-level interval of b's pass rate minus a's (seed recorded in it).
  return {
    a,
    b,
    ...compareSides(tasks),
    tasks,
    bootstrap: clusterBootstrapDiff(tasks),
    warnings: sides.map((n) => n.text),
    notices: bySeverity(sides),
  };
}
