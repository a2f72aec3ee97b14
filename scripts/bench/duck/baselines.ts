/**
 * Issue 22's baseline: each analytics figure computed by DuckDB in memory from the same rows
 * (`run_facts`, one row per run with a current score, which is what `runs.csv` holds; `turns`;
 * `scores` for the progress JSON; `sessions`, `configs`), written the way one would write it for
 * DuckDB (GROUP BY ALL, `median`, `regr_*` aggregates, FILTER, plain joins), not the service's
 * SQL. The rows DuckDB returns go through the same pure domain functions the service calls
 * (Wilson intervals, fits, rankings: microseconds), so both sides return the same object, which
 * analyticsScale.ts compares (`differ`) before timing. This file: the overview figures.
 */
import { PRODUCT_KEYS, type ClusterProducts, type ProductKey } from "../../../src/domain/stats/robust-slope";
import type { DuckDBConnection } from "@duckdb/node-api";
import { rollUpConfigCells, type ConfigCellFacts } from "../../../src/domain/analytics/configCells";
import { summariseConfigs } from "../../../src/domain/analytics/configs";
import { buildTaskGrid } from "../../../src/domain/analytics/grid";
import { OUTCOME_SCOPES, outcomeDistribution, type OutcomeGroupFacts } from "../../../src/domain/analytics/outcomes";
import { buildFits, fitView, predictLoads, type BuildMoments } from "../../../src/domain/analytics/ttft";
import { loadContrast, pickContrast } from "../../../src/domain/analytics/loadContrast";
import { samplePlan, MAX_SCATTER_POINTS } from "../../../src/domain/analytics/ttftChart";
import {
  peakContextOf,
  peakContextView,
  type PeakRunFacts,
  type PeakSummary,
} from "../../../src/domain/analytics/peakContext";
import { buildTrajectories } from "../../../src/domain/analytics/progress";
import { rankFailurePatterns, type CellRunFacts, type PatternFacts } from "../../../src/domain/analytics/failures";
import { olsFromMoments, type Moments } from "../../../src/domain/stats/regression";
import { DEFAULT_WHERE as W, DEFAULT_WHERE_R as WR, rows } from "./query";

type Conn = DuckDBConnection;
const byConfig = (rs: { c: string; m: number | null }[]) => new Map(rs.map((r) => [r.c, r.m]));

/** Median of a run_facts column per config (DuckDB's `median` averages the two middle values, as the service does). */
export async function medians(conn: Conn, col: string, where = W, params: unknown[] = []) {
  return byConfig(
    await rows(conn, `SELECT config_id AS c, median(${col}) AS m FROM run_facts WHERE ${where} GROUP BY ALL`, params),
  );
}

export async function configs(conn: Conn) {
  const cells = await rows<ConfigCellFacts>(
    conn,
    `SELECT config_id AS configId, task_id AS taskId, task_group AS "group", held_out AS heldOut, outcome,
            count(*) AS runs, sum(passed) AS passed, sum(looping) AS looping, sum(tool_calls) AS toolCalls,
            sum(failed_tool_calls) AS failedToolCalls, max(peak_context_tokens) AS peakContextTokens
       FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  const m = await rows<{ c: string; startup: number; load: number; ttft: number | null }>(
    conn,
    `SELECT config_id AS c, median(startup_tokens) AS startup, median(load_ms) AS load, median(first_ttft_ms) AS ttft
       FROM run_facts WHERE ${W} GROUP BY ALL`,
  );
  const turn = byConfig(
    await rows(
      conn,
      `SELECT r.config_id AS c, median(t.ttft_ms + t.decode_ms) AS m
         FROM run_facts r JOIN turns t ON t.run_id = r.id WHERE ${W} GROUP BY ALL`,
    ),
  );
  const med = new Map(m.map((r) => [r.c, r]));
  const { base, groups, heldOut, outcomes, cells: c } = rollUpConfigCells(cells);
  const facts = base.map((b) => ({
    ...b,
    medianStartupTokens: med.get(b.configId)?.startup ?? null,
    medianLoadMs: med.get(b.configId)?.load ?? null,
    medianTtftMs: med.get(b.configId)?.ttft ?? null,
    medianTurnMs: turn.get(b.configId) ?? null,
  }));
  return { configs: summariseConfigs(facts, groups, heldOut, outcomes, c) };
}

export async function taskGrid(conn: Conn) {
  const cells = await rows<{
    taskId: string;
    configId: string;
    group: string;
    heldOut: number;
    runs: number;
    passed: number;
  }>(
    conn,
    `SELECT task_id AS taskId, config_id AS configId, max(task_group) AS "group", max(held_out) AS heldOut,
            count(*) AS runs, sum(passed) AS passed
       FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  return buildTaskGrid(cells.map((r) => ({ ...r, heldOut: !!r.heldOut })));
}

export async function outcomes(conn: Conn) {
  const facts = await rows<OutcomeGroupFacts>(
    conn,
    `SELECT config_id AS configId, task_group AS "group", outcome, count(*) AS n FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  return Object.fromEntries(OUTCOME_SCOPES.map((s) => [s, outcomeDistribution(facts, s)]));
}

/** The fit's centred sums from DuckDB's regression aggregates (regr_sxx = Σ(x − x̄)², …). */
const MOMENTS = `regr_count(y, x) AS n, regr_avgx(y, x) AS meanX, regr_avgy(y, x) AS meanY,
                 regr_sxx(y, x) AS sxx, regr_sxy(y, x) AS sxy, regr_syy(y, x) AS syy`;
const TURN_POINTS = `SELECT r.device_id AS d, r.build_commit AS b, r.received_at AS ts, t.prompt_tokens AS x, t.ttft_ms AS y
                       FROM run_facts r JOIN turns t ON t.run_id = r.id WHERE ${W}`;

export async function fitMoments(conn: Conn): Promise<Moments> {
  return (await rows<Moments>(conn, `SELECT ${MOMENTS} FROM (${TURN_POINTS})`))[0];
}

export async function ttft(conn: Conn) {
  const all = await fitMoments(conn);
  const byBuild = await rows<{ device: string; build: string; firstSeen: number } & Moments>(
    conn,
    `SELECT d AS device, b AS build, min(ts) AS firstSeen, ${MOMENTS} FROM (${TURN_POINTS}) GROUP BY ALL ORDER BY ALL`,
  );
  const m = await rows<{ c: string; startup: number | null; load: number | null }>(
    conn,
    `SELECT config_id AS c, median(startup_tokens) AS startup, median(load_ms) AS load FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY c`,
  );
  const fit = olsFromMoments(all);
  const configs = m.map((r) => ({ configId: r.c, startupTokens: r.startup, measuredLoadMs: r.load }));
  // Per run, its turns' five sums; per device × build, the sums of their products (the slope's
  // standard error clustered by run).
  const products = await rows<{ d: string; b: string; clusters: number } & Record<string, number>>(
    conn,
    `SELECT d, b, count(*) AS clusters, sum(n) AS n, sum(sx) AS sx, sum(sy) AS sy, sum(sxx) AS sxx, sum(sxy) AS sxy,
            ${PRODUCT_KEYS.map((k) => `sum(${k.replace("*", "::DOUBLE * ")}::DOUBLE) AS "${k}"`).join(", ")}
       FROM (SELECT d, b, count(*) AS n, sum(x) AS sx, sum(y) AS sy, sum(x * x) AS sxx, sum(x * y) AS sxy
               FROM (${TURN_POINTS.replace("r.received_at AS ts", "r.received_at AS ts, r.id AS run")}) GROUP BY d, b, run)
      GROUP BY d, b`,
  );
  const productsOf = (device: string, build: string): ClusterProducts => {
    const r = products.find((p) => p.d === device && p.b === build)!;
    return {
      clusters: Number(r.clusters),
      totals: { n: Number(r.n), sx: Number(r.sx), sy: Number(r.sy), sxx: Number(r.sxx), sxy: Number(r.sxy) },
      products: Object.fromEntries(PRODUCT_KEYS.map((k) => [k, Number(r[k])])) as Record<ProductKey, number>,
    };
  };
  const builds: BuildMoments[] = byBuild.map(({ device, build, firstSeen, ...moments }) => ({
    device,
    build,
    firstSeen,
    moments,
    products: productsOf(device, build),
  }));
  const view = fit ? fitView(fit) : null;
  const pick = pickContrast(configs);
  const contrast = view && pick.ok && pick.pair ? loadContrast(view, pick.pair[0], pick.pair[1]) : null;
  return { points: "turns", fit: view, configs: predictLoads(fit, configs), builds: buildFits(builds), contrast };
}

/** The scatter: the same deterministic sample (smallest Knuth hash of each turn's rowid). */
export async function ttftPoints(conn: Conn) {
  const [{ total }] = await rows<{ total: number }>(
    conn,
    `SELECT count(*) AS total FROM run_facts r JOIN turns t ON t.run_id = r.id WHERE ${W}`,
  );
  const plan = samplePlan(total, MAX_SCATTER_POINTS);
  const data = await rows(
    conn,
    // The service's sample: its key (score id × 4096 + turn index) in Knuth's hash order, the
    // product exact in DuckDB's HUGEINT.
    `SELECT r.config_id AS configId, r.build_commit AS build, t.prompt_tokens AS x, t.ttft_ms AS y
       FROM run_facts r JOIN turns t ON t.run_id = r.id WHERE ${W}
      ORDER BY (CAST(r.score_id * 4096 + t.idx AS HUGEINT) * 2654435761) % 4294967296, r.score_id * 4096 + t.idx LIMIT ${plan.shown}`,
  );
  return { points: "turns", total: plan.total, shown: data.length, sampled: plan.sampled, data };
}

/** Peak context: every multi-step run, or past the most a chart draws the service's sample (Knuth's hash of the score id). */
export async function context(conn: Conn, max = MAX_SCATTER_POINTS) {
  const M = `${W} AND task_group = 'multi_step'`;
  const cols = `id AS runId, task_id AS taskId, config_id AS configId, repeat, peak_context_tokens AS peakContextTokens,
                context_window AS contextWindow, outcome`;
  const [{ total }] = await rows<{ total: number }>(conn, `SELECT count(*) AS total FROM run_facts WHERE ${M}`);
  const plan = samplePlan(total, max);
  if (!plan.sampled)
    return peakContextView(
      await rows<PeakRunFacts>(
        conn,
        `SELECT ${cols} FROM run_facts WHERE ${M} ORDER BY taskId, configId, repeat, runId`,
      ),
    );
  const [tasks, windows, summary, drawn] = await Promise.all([
    rows<{ t: string }>(conn, `SELECT DISTINCT task_id AS t FROM run_facts WHERE ${M} ORDER BY t`),
    rows<{ w: number }>(conn, `SELECT DISTINCT context_window AS w FROM run_facts WHERE ${M} ORDER BY w`),
    rows<PeakSummary>(
      conn,
      `SELECT config_id AS configId, count(*) AS runs, count(*) FILTER (WHERE outcome = 'context_full') AS contextFull,
              greatest(max(peak_context_tokens), 0) AS maxPeak FROM run_facts WHERE ${M} GROUP BY ALL ORDER BY configId`,
    ),
    rows<PeakRunFacts>(
      conn,
      `SELECT * FROM (SELECT ${cols} FROM run_facts WHERE ${M}
                        ORDER BY (CAST(score_id AS HUGEINT) * 2654435761) % 4294967296, score_id LIMIT ${plan.shown})
        ORDER BY taskId, configId, repeat, runId`,
    ),
  ]);
  const totals = { tasks: tasks.map((x) => x.t), windows: windows.map((x) => x.w), summary };
  return peakContextOf(drawn, totals, plan.total);
}

export async function progress(conn: Conn) {
  const rs = await rows<{ progress: string; callOk: string | null } & Record<string, unknown>>(
    conn,
    `SELECT r.task_id AS taskId, r.task_group AS "group", r.config_id AS configId, sc.progress, sc.call_ok AS callOk,
            r.end_reason AS endReason, r.milestones_total AS milestonesTotal
       FROM run_facts r JOIN scores sc ON sc.id = r.score_id WHERE ${WR} AND r.milestones_total > 0
      ORDER BY r.task_id, r.config_id, r.session_id, r.repeat, r.id`,
  );
  const facts = rs.map((r) => ({
    ...r,
    progress: JSON.parse(r.progress) as number[],
    callOk: r.callOk === null ? null : (JSON.parse(r.callOk) as boolean[]),
  }));
  return { tasks: buildTrajectories(facts as Parameters<typeof buildTrajectories>[0]) };
}

export async function failures(conn: Conn) {
  const patterns = await rows<PatternFacts>(
    conn,
    `SELECT task_id AS taskId, max(task_group) AS "group", config_id AS configId, call_pattern AS pattern, count(*) AS n
       FROM run_facts WHERE ${W} AND passed = 0 GROUP BY task_id, config_id, call_pattern ORDER BY ALL`,
  );
  const cells = await rows<CellRunFacts>(
    conn,
    `SELECT task_id AS taskId, config_id AS configId, count(*) AS runs FROM run_facts WHERE ${W} GROUP BY ALL ORDER BY ALL`,
  );
  return { failures: rankFailurePatterns(patterns, cells), runs: cells.reduce((n, c) => n + c.runs, 0) };
}
