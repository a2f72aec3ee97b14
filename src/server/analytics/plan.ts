import "server-only";
import { pushTo } from "@/domain/pushTo";
import type { Ctx } from "../context";
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

/**
 * ψ, the ICC, the suite's size and the third-repeat count from the filtered runs: ψ is the share
 * of runs paired by (session, task, repeat) that disagree, pooled over every two configs; the
 * ICC the mean of the per-config ICCs (tasks as clusters); `repeats` the mean runs per session ×
 * task × config.
 */
export function planEvidence(ctx: Ctx, filter: AnalyticsFilter): PlanEvidence {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const cells = sqlite
    .prepare(
      `SELECT r.config_id AS c, r.task_id AS t, COUNT(*) AS runs, SUM(r.passed) AS passed FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as { c: string; t: string; runs: number; passed: number }[];
  const byConfig = new Map<string, { runs: number; passed: number }[]>();
  for (const x of cells) pushTo(byConfig, x.c, x);
  const iccs = [...byConfig.values()].map((cs) => clustering(cs).icc).filter((v): v is number => v !== null);
  const pair = sqlite
    .prepare(
      `WITH sel AS MATERIALIZED (SELECT r.config_id AS c, r.session_id AS s, r.task_id AS t, r.repeat AS k, r.passed AS p FROM ${FROM_FACTS} WHERE ${w.sql})
       SELECT COUNT(*) AS n, COALESCE(SUM(x.p <> y.p), 0) AS d FROM sel x JOIN sel y ON x.s = y.s AND x.t = y.t AND x.k = y.k AND x.c < y.c`,
    )
    .get(...w.params) as { n: number; d: number };
  const rows = sqlite
    .prepare(
      `SELECT r.session_id AS s, r.task_id AS t, r.config_id AS c, r.passed AS p FROM ${FROM_FACTS} WHERE ${w.sql}
        ORDER BY r.session_id, r.task_id, r.config_id, r.repeat, r.attempt, r.id`,
    )
    .all(...w.params) as { s: string; t: string; c: string; p: number }[];
  const repeatCells: RepeatCell[] = [];
  let last = "";
  for (const r of rows) {
    const key = `${r.s}\u0000${r.t}\u0000${r.c}`;
    if (key !== last) repeatCells.push({ verdicts: [] });
    repeatCells[repeatCells.length - 1].verdicts.push(!!r.p);
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
export function planStudy(ctx: Ctx, filter: AnalyticsFilter, q: PlanQuery) {
  return buildPlan(q, filter.sessions.length ? planEvidence(ctx, filter) : null);
}
