import "server-only";
import type { Ctx } from "../context";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import type { PairFacts, TaskPassFacts } from "@/domain/analytics/compare";
import { transitionMatrix, type TransitionFacts } from "@/domain/analytics/transitions";
import { DEFAULT_NOISE } from "@/domain/gate/evaluate";
import type { GateFacts, GateSide, NoiseThreshold, ScopeFacts, SideLatency } from "@/domain/gate/types";
import { olsFromMoments } from "@/domain/stats/regression";
import { fitMoments } from "../analytics/ttft";
import { FROM_RUNS, whereClause } from "../analytics/where";

/** A side's runs as an analytics filter: its session (trial or not), its config if named. */
const sideFilter = (s: GateSide): AnalyticsFilter =>
  AnalyticsFilter.parse({ sessions: [s.session], config: s.config, includeTrial: true });

/** Median of a per-run value over a filter, in SQL (the two middle rows averaged). */
function medianOf(
  ctx: Ctx,
  valueSql: string,
  from: string,
  f: AnalyticsFilter,
  extra = "",
  extraParams: unknown[] = [],
): number | null {
  const w = whereClause(f);
  const row = ctx.db.$client
    .prepare(
      `WITH v AS (SELECT ${valueSql} AS x FROM ${from} WHERE ${w.sql}${extra} AND ${valueSql} IS NOT NULL),
            o AS (SELECT x, ROW_NUMBER() OVER (ORDER BY x) AS rn, COUNT(*) OVER () AS n FROM v)
       SELECT AVG(x) AS m FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2)`,
    )
    .get(...w.params, ...extraParams) as { m: number | null };
  return row.m;
}

const TURNS = `${FROM_RUNS} JOIN turns t ON t.run_id = r.id`;

function sideLatency(ctx: Ctx, s: GateSide): SideLatency {
  const f = sideFilter(s);
  const fit = olsFromMoments(fitMoments(ctx, f, "turns"));
  return {
    ttft: fit ? { n: fit.n, slope: fit.slope, slopeSe: fit.slopeSe } : null,
    medianLoadMs: medianOf(ctx, "sc.load_ms", FROM_RUNS, f),
    medianTurnMs: medianOf(ctx, "(t.ttft_ms + t.decode_ms)", TURNS, f),
  };
}

/**
 * The noise threshold of the medians: the largest relative difference between the baseline's
 * median and that of another session of the same build and config(s) (an A/A pair: nothing
 * changed but the day); `DEFAULT_NOISE` when no such session exists.
 */
function noise(ctx: Ctx, baseline: GateSide, candidate: GateSide, base: SideLatency): NoiseThreshold {
  const sqlite = ctx.db.$client;
  const cfg = baseline.config ? " AND r.config_id = ?" : "";
  const cfgParams = baseline.config ? [baseline.config] : [];
  const builds = (
    sqlite
      .prepare(`SELECT DISTINCT r.build_commit AS b FROM runs r WHERE r.session_id = ?${cfg}`)
      .all(baseline.session, ...cfgParams) as { b: string }[]
  ).map((x) => x.b);
  const configs = (
    sqlite
      .prepare(`SELECT DISTINCT r.config_id AS c FROM runs r WHERE r.session_id = ?${cfg}`)
      .all(baseline.session, ...cfgParams) as { c: string }[]
  ).map((x) => x.c);
  const marks = (xs: unknown[]) => xs.map(() => "?").join(", ");
  const others =
    builds.length === 1
      ? (
          sqlite
            .prepare(
              `SELECT DISTINCT r.session_id AS s FROM runs r WHERE r.session_id NOT IN (?, ?) AND r.build_commit = ? AND r.config_id IN (${marks(configs)}) ORDER BY 1`,
            )
            .all(baseline.session, candidate.session, builds[0], ...configs) as { s: string }[]
        ).map((x) => x.s)
      : [];
  let load = 0, turn = 0; // prettier-ignore
  const used: string[] = [];
  for (const s of others) {
    const f = AnalyticsFilter.parse({ sessions: [s], includeTrial: true, build: builds[0] });
    const extra = ` AND r.config_id IN (${marks(configs)})`;
    const l = medianOf(ctx, "sc.load_ms", FROM_RUNS, f, extra, configs);
    const t = medianOf(ctx, "(t.ttft_ms + t.decode_ms)", TURNS, f, extra, configs);
    if (l === null || t === null || !base.medianLoadMs || !base.medianTurnMs) continue;
    load = Math.max(load, Math.abs(l / base.medianLoadMs - 1));
    turn = Math.max(turn, Math.abs(t / base.medianTurnMs - 1));
    used.push(s);
  }
  return used.length
    ? { loadMs: load, turnMs: turn, source: "aa", sessions: used }
    : { loadMs: DEFAULT_NOISE, turnMs: DEFAULT_NOISE, source: "default", sessions: [] };
}

/**
 * Everything the gate tests, from the two sides' current scores: per scope (overall and each
 * task group) pass counts per task and the runs paired by (config, task, repeat) — or by (task,
 * repeat) when a config is named — the outcome transitions over the same pairs, and latency.
 * With no config named the sign test's "tasks" are config × task cells.
 */
export function gateFacts(ctx: Ctx, baseline: GateSide, candidate: GateSide): GateFacts {
  const w = whereClause(AnalyticsFilter.parse({ sessions: [baseline.session, candidate.session], includeTrial: true }));
  const inSide = (s: GateSide) => `(r.session_id = ?${s.config ? " AND r.config_id = ?" : ""})`;
  const sp = (s: GateSide) => (s.config ? [s.session, s.config] : [s.session]);
  const byConfig = !baseline.config;
  const sel = `sel AS MATERIALIZED (SELECT ${byConfig ? "r.config_id || '/' || r.task_id" : "r.task_id"} AS t, r.task_group AS g, r.repeat AS k, sc.passed AS p, sc.outcome AS o,
      ${inSide(baseline)} AS ina, ${inSide(candidate)} AS inb FROM ${FROM_RUNS} WHERE ${w.sql} AND (${inSide(baseline)} OR ${inSide(candidate)}))`;
  const params = [...sp(baseline), ...sp(candidate), ...w.params, ...sp(baseline), ...sp(candidate)];
  const sqlite = ctx.db.$client;
  const tasks = sqlite
    .prepare(
      `WITH ${sel} SELECT g, t AS taskId, SUM(ina) AS aRuns, SUM(ina * p) AS aPassed, SUM(inb) AS bRuns, SUM(inb * p) AS bPassed FROM sel GROUP BY g, t ORDER BY t`,
    )
    .all(...params) as (TaskPassFacts & { g: string })[];
  const pairs = sqlite
    .prepare(
      `WITH ${sel} SELECT x.g AS g, SUM(x.p = 1 AND y.p = 1) AS both, SUM(x.p = 1 AND y.p = 0) AS aOnly, SUM(x.p = 0 AND y.p = 1) AS bOnly, SUM(x.p = 0 AND y.p = 0) AS neither
         FROM sel x JOIN sel y ON x.t = y.t AND x.k = y.k WHERE x.ina AND y.inb GROUP BY x.g ORDER BY x.g`,
    )
    .all(...params) as (PairFacts & { g: string })[];
  const transitions = sqlite
    .prepare(
      `WITH ${sel} SELECT x.o AS "from", y.o AS "to", COUNT(*) AS n FROM sel x JOIN sel y ON x.t = y.t AND x.k = y.k WHERE x.ina AND y.inb GROUP BY 1, 2`,
    )
    .all(...params) as TransitionFacts[];
  const sum = (ps: PairFacts[]): PairFacts =>
    ps.reduce(
      (s, p) => ({
        both: s.both + p.both,
        aOnly: s.aOnly + p.aOnly,
        bOnly: s.bOnly + p.bOnly,
        neither: s.neither + p.neither,
      }),
      { both: 0, aOnly: 0, bOnly: 0, neither: 0 },
    );
  const strip = (ts: (TaskPassFacts & { g: string })[]): TaskPassFacts[] => ts.map(({ g: _g, ...t }) => t);
  const groups = [...new Set(tasks.map((t) => t.g))].sort();
  const scopes: ScopeFacts[] = [
    { scope: "overall", tasks: strip(tasks), pairs: sum(pairs) },
    ...(groups.length > 1
      ? groups.map((g) => ({
          scope: g,
          tasks: strip(tasks.filter((t) => t.g === g)),
          pairs: sum(pairs.filter((p) => p.g === g)),
        }))
      : []),
  ];
  const base = sideLatency(ctx, baseline);
  return {
    baseline,
    candidate,
    scopes,
    transitions: transitionMatrix(transitions),
    latency: { baseline: base, candidate: sideLatency(ctx, candidate), noise: noise(ctx, baseline, candidate, base) },
  };
}
