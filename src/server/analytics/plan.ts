import "server-only";
import { pushTo } from "@/domain/pushTo";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
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
// One row per run (the verdicts in repeat order): four plain fields.
const VerdictRow = z.object({ s: z.string(), t: z.string(), c: z.string(), p: flag });

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
    sql.all(
      VerdictRow,
      `SELECT r.session_id AS "s", r.task_id AS "t", r.config_id AS "c", r.passed AS "p" FROM ${FROM_FACTS} WHERE ${w.sql}
        ORDER BY ${d.collateC("r.session_id")}, ${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, r.repeat, r.attempt, ${d.collateC("r.id")}`,
      w.params,
    ),
  ]);
  const pair = pairRow ?? { n: 0, d: 0 };
  const byConfig = new Map<string, { runs: number; passed: number }[]>();
  for (const x of cells) pushTo(byConfig, x.c, x);
  const iccs = [...byConfig.values()].map((cs) => clustering(cs).icc).filter((v): v is number => v !== null);
  const repeatCells: RepeatCell[] = [];
  let last = "";
  for (const r of rows) {
    const key = `${r.s}\u0000${r.t}\u0000${r.c}`;
    if (key !== last) repeatCells.push({ verdicts: [] });
    repeatCells[repeatCells.length - 1].verdicts.push(r.p);
    last = key;
  }
  return {
    sessions: filter.sessions,
    pairedRuns: pair.n,
    discordant: pair.d,
    icc: iccs.length ? iccs.reduce((a, b) => a + b, 0) / iccs.length : null,
    tasks: new Set(cells.map((x) => x.t)).size,
    repeats: repeatCells.length ? rows.length / repeatCells.length : 0,
    thirdRepeat: thirdRepeatEffect(repeatCells),
  };
}

/** `GET /api/plan`: the planner, with evidence from the selected sessions when some are named. */
export async function planStudy(ctx: Ctx, filter: AnalyticsFilter, q: PlanQuery) {
  return buildPlan(q, filter.sessions.length ? await planEvidence(ctx, filter) : null);
}
