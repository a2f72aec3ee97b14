import "server-only";
import { pushTo } from "@/domain/pushTo";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf, type Dialect } from "../store/dialect";
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
// n2: twice the pairs (N² − Σ n_c² is even), halved here so no engine's integer division is relied on.
const PairRow = z.object({ n2: int, d: int });
// Cells counted alike by their first three verdicts (1/0; null past a cell's last run): k is a
// cell's runs capped at three, `cells` how many cells, `runs` all their runs.
const VerdictRow = z.object({
  k: int,
  p1: int.nullable(),
  p2: int.nullable(),
  p3: int.nullable(),
  cells: int,
  runs: int,
});

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
    // Counted per (session, task, repeat) group from its configs' counts instead of a self-join of
    // the runs: with n_c runs (a_c passed) of config c in a group of N runs (A passed), the runs of
    // two different configs make (N² − Σ n_c²) / 2 pairs, and A·(N − A) − Σ a_c·(n_c − a_c) of them
    // disagree. At 1M runs in DuckDB 404 ms against the self-join's 714 (medians of 5).
    sql.get(
      PairRow,
      `WITH pc AS (SELECT r.session_id AS s, r.task_id AS t, r.repeat AS k, COUNT(*) AS n, SUM(${d.oneIf("r.passed")}) AS a
                     FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.session_id, r.task_id, r.repeat, r.config_id),
            pk AS (SELECT SUM(n) AS nn, SUM(n * n) AS n2, SUM(a) AS aa, SUM(a * (n - a)) AS ab FROM pc GROUP BY s, t, k)
       SELECT COALESCE(SUM(nn * nn - n2), 0) AS "n2", COALESCE(SUM(aa * (nn - aa) - ab), 0) AS "d" FROM pk`,
      w.params,
    ),
    // Only a cell's first three verdicts matter (thirdRepeatEffect): cells are counted by those three.
    sql.all(VerdictRow, firstVerdicts(sql.dialect, d, w), w.params),
  ]);
  const pair = { n: (pairRow?.n2 ?? 0) / 2, d: pairRow?.d ?? 0 };
  const byConfig = new Map<string, { runs: number; passed: number }[]>();
  for (const x of cells) pushTo(byConfig, x.c, x);
  const iccs = [...byConfig.values()].map((cs) => clustering(cs).icc).filter((v): v is number => v !== null);
  const repeatCells: RepeatCell[] = rows.map((r) => ({
    verdicts: [r.p1, r.p2, r.p3].slice(0, r.k).map((p) => p === 1),
    count: r.cells,
  }));
  const runs = rows.reduce((sum, r) => sum + r.runs, 0);
  const cellCount = rows.reduce((sum, r) => sum + r.cells, 0);
  return {
    sessions: filter.sessions,
    pairedRuns: pair.n,
    discordant: pair.d,
    icc: iccs.length ? iccs.reduce((a, b) => a + b, 0) / iccs.length : null,
    tasks: new Set(cells.map((x) => x.t)).size,
    repeats: cellCount ? runs / cellCount : 0,
    thirdRepeat: thirdRepeatEffect(repeatCells),
  };
}

/**
 * Cells (session × task × config) counted by their first three verdicts, in the order of repeat,
 * attempt and id. DuckDB (the columnar copy) takes each cell's three first verdicts with
 * `arg_min(…, 3)`, a top-3 kept per group; the other engines rank every run in its cell with a
 * window. At 1M runs the top-3 took 283–364 ms against the window's 692–861 (medians of 5), both
 * answering the same rows; either beats a string of verdicts built per cell and a row per cell
 * handed over (83k rows).
 */
function firstVerdicts(dialect: string, d: Dialect, w: ReturnType<typeof factsWhere>): string {
  const cells =
    dialect === "duckdb"
      ? `cells AS (
           SELECT n, l[1] AS p1, l[2] AS p2, l[3] AS p3
             FROM (SELECT COUNT(*) AS n, arg_min(${d.oneIf("r.passed")}, {'k': r.repeat, 'a': r.attempt, 'id': r.id}, 3) AS l
                     FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.session_id, r.task_id, r.config_id))`
      : `ranked AS (
           SELECT r.session_id AS s, r.task_id AS t, r.config_id AS c, ${d.oneIf("r.passed")} AS p,
                  ROW_NUMBER() OVER (PARTITION BY r.session_id, r.task_id, r.config_id
                                     ORDER BY r.repeat, r.attempt, ${d.collateC("r.id")}) AS i
             FROM ${FROM_FACTS} WHERE ${w.sql}),
         cells AS (
           SELECT COUNT(*) AS n, MAX(CASE WHEN i = 1 THEN p END) AS p1, MAX(CASE WHEN i = 2 THEN p END) AS p2,
                  MAX(CASE WHEN i = 3 THEN p END) AS p3
             FROM ranked GROUP BY s, t, c)`;
  return `WITH ${cells}
    SELECT CASE WHEN n >= 3 THEN 3 ELSE n END AS "k", p1 AS "p1", p2 AS "p2", p3 AS "p3",
           COUNT(*) AS "cells", SUM(n) AS "runs"
      FROM cells GROUP BY CASE WHEN n >= 3 THEN 3 ELSE n END, p1, p2, p3`;
}

/** `GET /api/plan`: the planner, with evidence from the selected sessions when some are named. */
export async function planStudy(ctx: Ctx, filter: AnalyticsFilter, q: PlanQuery) {
  return buildPlan(q, filter.sessions.length ? await planEvidence(ctx, filter) : null);
}
