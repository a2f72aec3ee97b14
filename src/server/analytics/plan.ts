import "server-only";
import { pushTo } from "@/domain/pushTo";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  buildPlan,
  thirdRepeatEffect,
  type PlanEvidence,
  type PlanQuery,
  type RepeatCell,
} from "@/domain/analytics/plan";
import { clustering } from "@/domain/stats/icc";
import { FROM_FACTS, factsWhere } from "./where";

const CellRow = z.object({ c: z.string(), t: z.string(), runs: int, passed: int });
const PairRow = z.object({ n: int, d: int });
// One row per session × task × config: its runs and their verdicts in repeat order, as "1"/"0".
const VerdictRow = z.object({ n: int, v: z.string() });

/**
 * ψ, the ICC, the suite's size and the third-repeat count from the filtered runs: ψ is the share
 * of runs paired by (session, task, repeat) that disagree, pooled over every two configs; the
 * ICC the mean of the per-config ICCs (tasks as clusters); `repeats` the mean runs per session ×
 * task × config.
 */
export async function planEvidence(ctx: Ctx, filter: AnalyticsFilter): Promise<PlanEvidence> {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const [cells, pairRow, rows] = await Promise.all([
    sql.all(
      CellRow,
      `SELECT r.config_id AS "c", r.task_id AS "t", COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed" FROM ${FROM_FACTS}
        WHERE ${w.sql} GROUP BY r.config_id, r.task_id ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.task_id")}`,
      w.params,
    ),
    sql.get(
      PairRow,
      `WITH sel AS MATERIALIZED (SELECT r.config_id AS c, r.session_id AS s, r.task_id AS t, r.repeat AS k, ${d.oneIf("r.passed")} AS p
                                   FROM ${FROM_FACTS} WHERE ${w.sql})
       SELECT COUNT(*) AS "n", COALESCE(SUM(CASE WHEN x.p <> y.p THEN 1 ELSE 0 END), 0) AS "d"
         FROM sel x JOIN sel y ON x.s = y.s AND x.t = y.t AND x.k = y.k AND ${d.collateC("x.c")} < ${d.collateC("y.c")}`,
      w.params,
    ),
    // The verdicts joined per cell in SQL: a row per cell instead of one per run (100k runs: 0.57 s
    // of rows handed over, most of the figure's time).
    sql.all(
      VerdictRow,
      `SELECT COUNT(*) AS "n", ${d.stringAgg("CASE WHEN r.passed THEN '1' ELSE '0' END", "", `r.repeat, r.attempt, ${d.collateC("r.id")}`)} AS "v"
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.session_id, r.task_id, r.config_id`,
      w.params,
    ),
  ]);
  const pair = pairRow ?? { n: 0, d: 0 };
  const byConfig = new Map<string, { runs: number; passed: number }[]>();
  for (const x of cells) pushTo(byConfig, x.c, x);
  const iccs = [...byConfig.values()].map((cs) => clustering(cs).icc).filter((v): v is number => v !== null);
  const repeatCells: RepeatCell[] = rows.map((r) => ({ verdicts: [...r.v].map((x) => x === "1") }));
  const runs = rows.reduce((sum, r) => sum + r.n, 0);
  return {
    sessions: filter.sessions,
    pairedRuns: pair.n,
    discordant: pair.d,
    icc: iccs.length ? iccs.reduce((a, b) => a + b, 0) / iccs.length : null,
    tasks: new Set(cells.map((x) => x.t)).size,
    repeats: repeatCells.length ? runs / repeatCells.length : 0,
    thirdRepeat: thirdRepeatEffect(repeatCells),
  };
}

/** `GET /api/plan`: the planner, with evidence from the selected sessions when some are named. */
export async function planStudy(ctx: Ctx, filter: AnalyticsFilter, q: PlanQuery) {
  return buildPlan(q, filter.sessions.length ? await planEvidence(ctx, filter) : null);
}
