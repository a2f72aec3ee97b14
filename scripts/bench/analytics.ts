/**
 * Target 3: each analytics service call against hand-written SQL that computes the same numbers
 * (default filter: current scores, no trial sessions, no superseded runs) on the same connection.
 */
import type Database from "better-sqlite3";
import type { Ctx } from "../../src/server/context";
import { AnalyticsFilter } from "../../src/domain/analytics/filter";
import { configAnalytics } from "../../src/server/analytics/configs";
import { taskGrid } from "../../src/server/analytics/grid";
import { ttftAnalytics } from "../../src/server/analytics/ttft";
import { compareAnalytics } from "../../src/server/analytics/compare";
import { compareFamily, selectionConfigs } from "../../src/server/analytics/family";
import { pairs, timeFigure, type Figure } from "./measure";

const FROM = "runs r JOIN sessions s ON s.id = r.session_id JOIN scores sc ON sc.run_id = r.id AND sc.current = 1";
const WHERE = "s.trial = 0 AND r.superseded = 0";
const median = (col: string, from = FROM) =>
  `WITH o AS (SELECT r.config_id c, ${col} x, ROW_NUMBER() OVER (PARTITION BY r.config_id ORDER BY ${col}) rn, COUNT(*) OVER (PARTITION BY r.config_id) n
                FROM ${from} WHERE ${WHERE} AND ${col} IS NOT NULL)
   SELECT c, AVG(x) m FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY c`;

/** One scan for every count and sum, then one per median: what a person would write by hand. */
function rawConfigs(db: Database.Database) {
  const facts = db
    .prepare(
      `SELECT r.config_id, r.task_group, r.held_out, sc.outcome, COUNT(*) n, SUM(sc.passed) passed, SUM(sc.looping) looping,
              SUM(sc.tool_calls) calls, SUM(sc.failed_tool_calls) failed, MAX(sc.peak_context_tokens) peak
         FROM ${FROM} WHERE ${WHERE} GROUP BY 1, 2, 3, 4`,
    )
    .all();
  const medians = ["sc.startup_tokens", "sc.load_ms", "sc.first_ttft_ms"].map((c) => db.prepare(median(c)).all());
  const turn = db.prepare(median("(t.ttft_ms + t.decode_ms)", `${FROM} JOIN turns t ON t.run_id = r.id`)).all();
  return { facts, medians, turn };
}

function rawGrid(db: Database.Database) {
  return db
    .prepare(
      `SELECT r.task_id, r.config_id, COUNT(*) n, SUM(sc.passed) passed FROM ${FROM} WHERE ${WHERE} GROUP BY r.task_id, r.config_id`,
    )
    .all() as { n: number }[];
}

/** Raw sums (one pass) for the overall fit and per device × build, plus the two per-config medians. */
function rawTtft(db: Database.Database) {
  const sums = `COUNT(*) n, SUM(t.prompt_tokens) sx, SUM(t.ttft_ms) sy, SUM(t.prompt_tokens * t.prompt_tokens) sxx,
                SUM(t.prompt_tokens * t.ttft_ms) sxy, SUM(t.ttft_ms * t.ttft_ms) syy`;
  const all = db.prepare(`SELECT ${sums} FROM ${FROM} JOIN turns t ON t.run_id = r.id WHERE ${WHERE}`).get() as {
    n: number;
    sx: number;
    sxx: number;
    sxy: number;
    sy: number;
  };
  const byBuild = db
    .prepare(
      `SELECT r.device_id, r.build_commit, MIN(r.received_at) first, ${sums} FROM ${FROM} JOIN turns t ON t.run_id = r.id WHERE ${WHERE} GROUP BY 1, 2`,
    )
    .all();
  const startup = db.prepare(median("sc.startup_tokens")).all();
  const load = db.prepare(median("sc.load_ms")).all();
  const slope = (all.sxy - (all.sx * all.sy) / all.n) / (all.sxx - (all.sx * all.sx) / all.n);
  return { all, slope, byBuild, startup, load };
}

/**
 * The numbers of the config comparison page by hand: pass counts per config × task (sign tests),
 * paired counts for every pair of configs from one self-join (McNemar), and the distinct
 * session × config × build × device × charging combinations (config order, like-for-like warnings).
 */
function rawCompare(db: Database.Database) {
  const tasks = db
    .prepare(`SELECT r.config_id, r.task_id, COUNT(*) n, SUM(sc.passed) k FROM ${FROM} WHERE ${WHERE} GROUP BY 1, 2`)
    .all();
  const pairs = db
    .prepare(
      `WITH sel AS MATERIALIZED (SELECT r.config_id c, r.session_id s, r.task_id t, r.repeat k, sc.passed p FROM ${FROM} WHERE ${WHERE})
       SELECT x.c a, y.c b, SUM(x.p = 1 AND y.p = 1) both, SUM(x.p = 1 AND y.p = 0) aOnly, SUM(x.p = 0 AND y.p = 1) bOnly, SUM(x.p = 0 AND y.p = 0) neither
         FROM sel x JOIN sel y ON x.s = y.s AND x.t = y.t AND x.k = y.k AND x.c < y.c GROUP BY 1, 2`,
    )
    .all() as { a: string; b: string; both: number }[];
  const sides = db
    .prepare(
      `SELECT DISTINCT r.session_id, r.config_id, r.build_commit, r.device_id, r.charging FROM ${FROM} WHERE ${WHERE}`,
    )
    .all();
  return { tasks, pairs, sides };
}

/** What the comparison page computes on the server (app/analytics/compare/page.tsx). */
async function comparePage(ctx: Ctx, f: AnalyticsFilter) {
  const configs = await selectionConfigs(ctx, f);
  const one = await compareAnalytics(ctx, f, { config: configs[0] }, { config: configs[1] });
  const family = await compareFamily(ctx, f, "baseline", undefined, configs);
  return { one, family };
}

export async function benchAnalytics(ctx: Ctx, reps: number): Promise<Figure[]> {
  const db = ctx.db.$client;
  const f = AnalyticsFilter.parse({});
  // The raw queries must compute the same numbers, or the ratio means nothing.
  const svc = await ttftAnalytics(ctx, f);
  const raw = rawTtft(db);
  if (svc.fit === null || Math.abs(svc.fit.slopeMsPerToken - raw.slope) > 1e-6 * Math.abs(raw.slope))
    throw new Error(`ttft slope differs: ${svc.fit?.slopeMsPerToken} vs ${raw.slope}`);
  const gridRuns = Object.values((await taskGrid(ctx, f)).cells)
    .flatMap((row) => Object.values(row as Record<string, { runs: number }>))
    .reduce((a, c) => a + c.runs, 0);
  const rawRuns = rawGrid(db).reduce((a, c) => a + c.n, 0);
  if (gridRuns !== rawRuns) throw new Error(`task grid counts ${gridRuns} runs, raw SQL ${rawRuns}`);
  const cfgRuns = (await configAnalytics(ctx, f)).configs.reduce((a, c) => a + c.runs, 0);
  if (cfgRuns !== rawRuns) throw new Error(`config analytics counts ${cfgRuns} runs, raw SQL ${rawRuns}`);

  const page = await comparePage(ctx, f);
  const rawPair = rawCompare(db).pairs.find(
    (p) => [p.a, p.b].sort().join() === [page.one.a.config, page.one.b.config].sort().join(),
  );
  if (!rawPair || rawPair.both !== page.one.pairs.both)
    throw new Error(`compare counts ${page.one.pairs.both} runs passed on both sides, raw SQL ${rawPair?.both}`);

  return [
    timeFigure(
      "3d",
      "config comparison page (two sides + family vs baseline) vs raw SQL",
      await pairs(
        reps,
        () => comparePage(ctx, f),
        () => rawCompare(db),
      ),
      2,
    ),
    timeFigure(
      "3a",
      `/api/analytics/configs (${rawRuns.toLocaleString("en-US")} runs) vs raw SQL`,
      await pairs(
        reps,
        () => configAnalytics(ctx, f),
        () => rawConfigs(db),
      ),
      2,
    ),
    timeFigure(
      "3b",
      "task grid vs raw SQL",
      await pairs(
        reps,
        () => taskGrid(ctx, f),
        () => rawGrid(db),
      ),
      2,
    ),
    timeFigure(
      "3c",
      "TTFT fit (turns) vs raw SQL",
      await pairs(
        reps,
        () => ttftAnalytics(ctx, f),
        () => rawTtft(db),
      ),
      2,
    ),
  ];
}
