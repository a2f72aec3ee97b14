import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, num, plainNum } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { peakContextOf, peakContextView, type PeakTotals } from "@/domain/analytics/peakContext";
import { MAX_SCATTER_POINTS, samplePlan } from "@/domain/analytics/ttftChart";
import { knuthHashSql } from "./ttftPoints";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * `GET /api/analytics/context`: peak context of every run on the multi-step tasks against its
 * window (Figure 6). A study's selection is drawn whole. Past `max` runs (a lab's history: 300k
 * points at 1M runs, which no chart can draw and which took 2.9 s to hand over) the points are a
 * deterministic sample, as the TTFT scatter's (`knuthHashSql` of the run's score id), while the
 * tasks, window lines and per-config counts are counted in SQL over every run.
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

const MULTI_STEP = "r.task_group = 'multi_step'";

export async function peakContextAnalytics(ctx: Ctx, filter: AnalyticsFilter, max = MAX_SCATTER_POINTS) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const count = await sql.get(
    z.object({ total: int }),
    `SELECT COUNT(*) AS "total" FROM ${FROM_FACTS} WHERE ${w.sql} AND ${MULTI_STEP}`,
    w.params,
  );
  const plan = samplePlan(count?.total ?? 0, max);
  const order = `${d.collateC("r.task_id")}, ${d.collateC("r.config_id")}, r.repeat, ${d.collateC("r.id")}`;
  const columns = `r.id AS "runId", r.task_id AS "taskId", r.config_id AS "configId", r.repeat AS "repeat",
            r.peak_context_tokens AS "peakContextTokens", r.context_window AS "contextWindow", r.outcome AS "outcome"`;
  if (!plan.sampled) {
    const runs = await sql.all(
      PeakRow,
      `SELECT ${columns} FROM ${FROM_FACTS} WHERE ${w.sql} AND ${MULTI_STEP} ORDER BY ${order}`,
      w.params,
    );
    return peakContextView(runs);
  }
  const [totals, drawn] = await Promise.all([
    totalsOf(sql, w),
    sql.all(
      PeakRow,
      `SELECT * FROM (
         SELECT ${columns} FROM ${FROM_FACTS} WHERE ${w.sql} AND ${MULTI_STEP}
          ORDER BY ${knuthHashSql("r.score_id")}, r.score_id LIMIT ?) r
        ORDER BY ${d.collateC('r."taskId"')}, ${d.collateC('r."configId"')}, r."repeat", ${d.collateC('r."runId"')}`,
      [...w.params, plan.shown],
    ),
  ]);
  return peakContextOf(drawn, totals, plan.total);
}

const Summary = z.object({ configId: z.string(), runs: int, contextFull: int, maxPeak: num });

/** `peakTotals` in SQL: tasks in byte order (the order the drawn runs come in), windows, counts per config. */
async function totalsOf(sql: SqlRunner, w: { sql: string; params: unknown[] }): Promise<PeakTotals> {
  const d = dialectOf(sql);
  const where = `${w.sql} AND ${MULTI_STEP}`;
  const [tasks, windows, summary] = await Promise.all([
    sql.all(
      z.object({ taskId: z.string() }),
      `SELECT DISTINCT r.task_id AS "taskId" FROM ${FROM_FACTS} WHERE ${where} ORDER BY ${d.collateC('"taskId"')}`,
      w.params,
    ),
    sql.all(
      z.object({ window: int }),
      `SELECT DISTINCT r.context_window AS "window" FROM ${FROM_FACTS} WHERE ${where} ORDER BY "window"`,
      w.params,
    ),
    sql.all(
      Summary,
      `SELECT r.config_id AS "configId", COUNT(*) AS "runs",
              SUM(CASE WHEN r.outcome = 'context_full' THEN 1 ELSE 0 END) AS "contextFull",
              MAX(r.peak_context_tokens) AS "maxPeak"
         FROM ${FROM_FACTS} WHERE ${where} GROUP BY r.config_id`,
      w.params,
    ),
  ]);
  return {
    tasks: tasks.map((t) => t.taskId),
    windows: windows.map((x) => x.window),
    // Configs in the order `peakTotals` sorts them; a peak below zero never counts (its reduce starts at 0).
    summary: summary
      .map((s) => ({ ...s, maxPeak: Math.max(0, s.maxPeak) }))
      .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0)),
  };
}
