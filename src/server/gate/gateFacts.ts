import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, num } from "../store/columns";
import { PAIR_SUMS } from "../analytics/compare";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import type { PairFacts, TaskPassFacts } from "@/domain/analytics/compare";
import { transitionMatrix } from "@/domain/analytics/transitions";
import { medianOfCounts } from "@/domain/stats/medianOfCounts";
import { DEFAULT_NOISE } from "@/domain/gate/evaluate";
import type { GateFacts, GateSide, NoiseThreshold, ScopeFacts, SideLatency } from "@/domain/gate/types";
import { olsFromMoments } from "@/domain/stats/regression";
import { fitMoments } from "../analytics/ttft";
import { FROM_RUNS, runsWhere } from "../analytics/where";

/** A side's runs as an analytics filter: its session (trial or not), its config if named. */
const sideFilter = (s: GateSide): AnalyticsFilter =>
  AnalyticsFilter.parse({ sessions: [s.session], config: s.config, includeTrial: true });

const ValueCount = z.object({ x: num, n: int });

/**
 * Median of a per-run value over a filter (the two middle values averaged), from value counts
 * as `medianByConfig` (one group), so both engines compute it the same way.
 */
async function medianOf(
  ctx: Ctx,
  valueSql: string,
  from: string,
  f: AnalyticsFilter,
  extra = "",
  extraParams: unknown[] = [],
): Promise<number | null> {
  const w = runsWhere(f);
  const rows = await ctx.store.sql.all(
    ValueCount,
    `SELECT ${valueSql} AS "x", COUNT(*) AS "n" FROM ${from} WHERE ${w.sql}${extra} AND ${valueSql} IS NOT NULL
      GROUP BY ${valueSql} ORDER BY ${valueSql}`,
    [...w.params, ...extraParams],
  );
  return medianOfCounts(rows.map((r) => ({ g: 0, x: r.x, n: r.n }))).get(0) ?? null;
}

const Value = z.object({ v: z.string() });
const TaskRow = z.object({ g: z.string(), taskId: z.string(), aRuns: int, aPassed: int, bRuns: int, bPassed: int });
const PairRow = z.object({ g: z.string(), both: int, aOnly: int, bOnly: int, neither: int });
const Transition = z.object({ from: z.string(), to: z.string(), n: int });

const TURNS = `${FROM_RUNS} JOIN turns t ON t.run_id = r.id`;

async function sideLatency(ctx: Ctx, s: GateSide): Promise<SideLatency> {
  const f = sideFilter(s);
  const [moments, medianLoadMs, medianTurnMs] = await Promise.all([
    fitMoments(ctx, f, "turns"),
    medianOf(ctx, "sc.load_ms", FROM_RUNS, f),
    medianOf(ctx, "(t.ttft_ms + t.decode_ms)", TURNS, f),
  ]);
  const fit = olsFromMoments(moments);
  return { ttft: fit ? { n: fit.n, slope: fit.slope, slopeSe: fit.slopeSe } : null, medianLoadMs, medianTurnMs };
}

/**
 * The noise threshold of the medians: the largest relative difference between the baseline's
 * median and that of another session of the same build and config(s) (an A/A pair: nothing
 * changed but the day); `DEFAULT_NOISE` when no such session exists.
 */
async function noise(ctx: Ctx, baseline: GateSide, candidate: GateSide, base: SideLatency): Promise<NoiseThreshold> {
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const cfg = baseline.config ? " AND r.config_id = ?" : "";
  const cfgParams = baseline.config ? [baseline.config] : [];
  const values = async (col: string, where: string, params: unknown[]) =>
    (
      await sql.all(
        Value,
        `SELECT ${col} AS "v" FROM runs r WHERE ${where} GROUP BY ${col} ORDER BY ${d.collateC(col)}`,
        params,
      )
    ).map((x) => x.v);
  const builds = await values("r.build_commit", `r.session_id = ?${cfg}`, [baseline.session, ...cfgParams]);
  const configs = await values("r.config_id", `r.session_id = ?${cfg}`, [baseline.session, ...cfgParams]);
  const marks = (xs: unknown[]) => xs.map(() => "?").join(", ");
  const others =
    builds.length === 1
      ? await values(
          "r.session_id",
          `r.session_id NOT IN (?, ?) AND r.build_commit = ? AND r.config_id IN (${marks(configs)})`,
          [baseline.session, candidate.session, builds[0], ...configs],
        )
      : [];
  let load = 0, turn = 0; // prettier-ignore
  const used: string[] = [];
  for (const s of others) {
    const f = AnalyticsFilter.parse({ sessions: [s], includeTrial: true, build: builds[0] });
    const extra = ` AND r.config_id IN (${marks(configs)})`;
    const l = await medianOf(ctx, "sc.load_ms", FROM_RUNS, f, extra, configs);
    const t = await medianOf(ctx, "(t.ttft_ms + t.decode_ms)", TURNS, f, extra, configs);
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
export async function gateFacts(ctx: Ctx, baseline: GateSide, candidate: GateSide): Promise<GateFacts> {
  const w = runsWhere(AnalyticsFilter.parse({ sessions: [baseline.session, candidate.session], includeTrial: true }));
  const inSide = (s: GateSide) => `(r.session_id = ?${s.config ? " AND r.config_id = ?" : ""})`;
  const sp = (s: GateSide) => (s.config ? [s.session, s.config] : [s.session]);
  const byConfig = !baseline.config;
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  // Verdicts and side flags as 0/1, so they sum and multiply alike on both engines.
  const sel = `sel AS MATERIALIZED (SELECT ${byConfig ? "r.config_id || '/' || r.task_id" : "r.task_id"} AS t, r.task_group AS g, r.repeat AS k,
      ${d.oneIf("sc.passed")} AS p, sc.outcome AS o, ${d.oneIf(inSide(baseline))} AS ina, ${d.oneIf(inSide(candidate))} AS inb
      FROM ${FROM_RUNS} WHERE ${w.sql} AND (${inSide(baseline)} OR ${inSide(candidate)}))`;
  const params = [...sp(baseline), ...sp(candidate), ...w.params, ...sp(baseline), ...sp(candidate)];
  const [tasks, pairs, transitions] = await Promise.all([
    sql.all(
      TaskRow,
      `WITH ${sel} SELECT g AS "g", t AS "taskId", SUM(ina) AS "aRuns", SUM(ina * p) AS "aPassed", SUM(inb) AS "bRuns", SUM(inb * p) AS "bPassed"
         FROM sel GROUP BY g, t ORDER BY ${d.collateC("t")}, ${d.collateC("g")}`,
      params,
    ),
    sql.all(
      PairRow,
      `WITH ${sel} SELECT x.g AS "g", ${PAIR_SUMS}
         FROM sel x JOIN sel y ON x.t = y.t AND x.k = y.k WHERE x.ina = 1 AND y.inb = 1 GROUP BY x.g ORDER BY ${d.collateC("x.g")}`,
      params,
    ),
    sql.all(
      Transition,
      `WITH ${sel} SELECT x.o AS "from", y.o AS "to", COUNT(*) AS "n" FROM sel x JOIN sel y ON x.t = y.t AND x.k = y.k
        WHERE x.ina = 1 AND y.inb = 1 GROUP BY x.o, y.o ORDER BY ${d.collateC("x.o")}, ${d.collateC("y.o")}`,
      params,
    ),
  ]);
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
  const [base, cand] = await Promise.all([sideLatency(ctx, baseline), sideLatency(ctx, candidate)]);
  return {
    baseline,
    candidate,
    scopes,
    transitions: transitionMatrix(transitions),
    latency: { baseline: base, candidate: cand, noise: await noise(ctx, baseline, candidate, base) },
  };
}
