/**
 * Target 3: each analytics service call against hand-written SQL that computes the same numbers
 * (default filter: current scores, no trial sessions, no superseded runs), on SQLite (the same
 * connection) or PostgreSQL (a client of its own on the same server, issue 18.7). The hand-written
 * SQL is the same per engine but for booleans: SQLite's 0/1 against PostgreSQL's boolean.
 */
import type Database from "better-sqlite3";
import type pg from "pg";
import type { Ctx } from "../../src/server/context";
import { AnalyticsFilter } from "../../src/domain/analytics/filter";
import { configAnalytics } from "../../src/server/analytics/configs";
import { taskGrid } from "../../src/server/analytics/grid";
import { ttftAnalytics } from "../../src/server/analytics/ttft";
import { compareAnalytics } from "../../src/server/analytics/compare";
import { compareFamily, selectionConfigs } from "../../src/server/analytics/family";
import { pairs, timeFigure, type Figure } from "./measure";
import { sqliteDatabase } from "../../src/server/store/sqlite";

type Row = Record<string, number | string | null>;
/** The plain driver of one engine: a query's rows, nothing parsed or checked. */
export interface RawSql {
  engine: "sqlite" | "postgres";
  all: (sql: string) => Promise<Row[]>;
}
export const sqliteRaw = (db: Database.Database): RawSql => ({
  engine: "sqlite",
  all: async (sql) => db.prepare(sql).all() as Row[],
});
export const pgRaw = (client: pg.ClientBase): RawSql => ({
  engine: "postgres",
  all: async (sql) => (await client.query(sql)).rows as Row[],
});

/** The engine's spelling of the hand-written queries' boolean tests and sums. */
function spell(engine: RawSql["engine"]) {
  const pg = engine === "postgres";
  const isT = (c: string) => (pg ? c : `${c} = 1`);
  const isF = (c: string) => (pg ? `NOT ${c}` : `${c} = 0`);
  const sumIf = (cond: string) => (pg ? `SUM((${cond})::int)` : `SUM(${cond})`);
  const FROM = `runs r JOIN sessions s ON s.id = r.session_id JOIN scores sc ON sc.run_id = r.id AND ${isT("sc.current")}`;
  const WHERE = `${isF("s.trial")} AND ${isF("r.superseded")}`;
  const median = (col: string, from = FROM) =>
    `WITH o AS (SELECT r.config_id c, ${col} x, ROW_NUMBER() OVER (PARTITION BY r.config_id ORDER BY ${col}) rn, COUNT(*) OVER (PARTITION BY r.config_id) n
                FROM ${from} WHERE ${WHERE} AND ${col} IS NOT NULL)
   SELECT c, AVG(x) m FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY c`;
  return { isT, isF, sumIf, FROM, WHERE, median };
}

/** One scan for every count and sum, then one per median: what a person would write by hand. */
async function rawConfigs(raw: RawSql) {
  const { FROM, WHERE, median, sumIf } = spell(raw.engine);
  const facts = await raw.all(
    `SELECT r.config_id, r.task_group, r.held_out, sc.outcome, COUNT(*) n, ${sumIf("sc.passed")} passed, ${sumIf("sc.looping")} looping,
            SUM(sc.tool_calls) calls, SUM(sc.failed_tool_calls) failed, MAX(sc.peak_context_tokens) peak
       FROM ${FROM} WHERE ${WHERE} GROUP BY 1, 2, 3, 4`,
  );
  const medians = [];
  for (const c of ["sc.startup_tokens", "sc.load_ms", "sc.first_ttft_ms"]) medians.push(await raw.all(median(c)));
  const turn = await raw.all(median("(t.ttft_ms + t.decode_ms)", `${FROM} JOIN turns t ON t.run_id = r.id`));
  return { facts, medians, turn };
}

async function rawGrid(raw: RawSql) {
  const { FROM, WHERE, sumIf } = spell(raw.engine);
  return raw.all(
    `SELECT r.task_id, r.config_id, COUNT(*) n, ${sumIf("sc.passed")} passed FROM ${FROM} WHERE ${WHERE} GROUP BY r.task_id, r.config_id`,
  );
}

/** Raw sums (one pass) for the overall fit and per device × build, plus the two per-config medians. */
async function rawTtft(raw: RawSql) {
  const { FROM, WHERE, median } = spell(raw.engine);
  const sums = `COUNT(*) n, SUM(t.prompt_tokens) sx, SUM(t.ttft_ms) sy, SUM(t.prompt_tokens * t.prompt_tokens) sxx,
                SUM(t.prompt_tokens * t.ttft_ms) sxy, SUM(t.ttft_ms * t.ttft_ms) syy`;
  const [all] = await raw.all(`SELECT ${sums} FROM ${FROM} JOIN turns t ON t.run_id = r.id WHERE ${WHERE}`);
  const byBuild = await raw.all(
    `SELECT r.device_id, r.build_commit, MIN(r.received_at) AS first, ${sums} FROM ${FROM} JOIN turns t ON t.run_id = r.id WHERE ${WHERE} GROUP BY 1, 2`,
  );
  const startup = await raw.all(median("sc.startup_tokens"));
  const load = await raw.all(median("sc.load_ms"));
  // PostgreSQL's SUM of integers is numeric or bigint: text unless a parser is set, so Number().
  const [n, sx, sy, sxx, sxy] = ["n", "sx", "sy", "sxx", "sxy"].map((k) => Number(all[k]));
  const slope = (sxy - (sx * sy) / n) / (sxx - (sx * sx) / n);
  return { all, slope, byBuild, startup, load };
}

/**
 * The numbers of the config comparison page by hand: pass counts per config × task (sign tests),
 * paired counts for every pair of configs from one self-join (McNemar), and the distinct
 * session × config × build × device × charging combinations (config order, like-for-like warnings).
 */
async function rawCompare(raw: RawSql) {
  const { FROM, WHERE, sumIf, isT } = spell(raw.engine);
  const tasks = await raw.all(
    `SELECT r.config_id, r.task_id, COUNT(*) n, ${sumIf("sc.passed")} k FROM ${FROM} WHERE ${WHERE} GROUP BY 1, 2`,
  );
  // The comparison's unit is the task (ADR 14): a side's verdict on a task is the majority of its
  // runs there, and "both" counts the tasks passed by majority on both sides. "both" is a keyword
  // on PostgreSQL: quoted (SQLite takes the quotes as well).
  const pairs = (await raw.all(
    `WITH sel AS MATERIALIZED (SELECT r.config_id c, r.task_id t, COUNT(*) n, ${sumIf(isT("sc.passed"))} k FROM ${FROM} WHERE ${WHERE} GROUP BY 1, 2)
     SELECT x.c a, y.c b, ${sumIf("2 * x.k > x.n AND 2 * y.k > y.n")} "both", ${sumIf("2 * x.k > x.n AND 2 * y.k < y.n")} aOnly,
            ${sumIf("2 * x.k < x.n AND 2 * y.k > y.n")} bOnly, ${sumIf("2 * x.k < x.n AND 2 * y.k < y.n")} neither
       FROM sel x JOIN sel y ON x.t = y.t AND x.c < y.c GROUP BY 1, 2`,
  )) as { a: string; b: string; both: number | string }[];
  const sides = await raw.all(
    `SELECT DISTINCT r.session_id, r.config_id, r.build_commit, r.device_id, r.charging FROM ${FROM} WHERE ${WHERE}`,
  );
  return { tasks, pairs, sides };
}

/** What the comparison page computes on the server (app/analytics/compare/page.tsx). */
async function comparePage(ctx: Ctx, f: AnalyticsFilter) {
  const configs = await selectionConfigs(ctx, f);
  const one = await compareAnalytics(ctx, f, { config: configs[0] }, { config: configs[1] });
  const family = await compareFamily(ctx, f, "baseline", undefined, configs);
  return { one, family };
}

/** `raw` is the engine's plain driver on the same database (default: the context's own SQLite connection). */
export async function benchAnalytics(
  ctx: Ctx,
  reps: number,
  raw: RawSql = sqliteRaw(sqliteDatabase(ctx.store)),
): Promise<Figure[]> {
  const f = AnalyticsFilter.parse({});
  // The raw queries must compute the same numbers, or the ratio means nothing.
  const svc = await ttftAnalytics(ctx, f);
  const rawFit = await rawTtft(raw);
  if (svc.fit === null || Math.abs(svc.fit.slopeMsPerToken - rawFit.slope) > 1e-6 * Math.abs(rawFit.slope))
    throw new Error(`ttft slope differs: ${svc.fit?.slopeMsPerToken} vs ${rawFit.slope}`);
  const gridRuns = Object.values((await taskGrid(ctx, f)).cells)
    .flatMap((row) => Object.values(row as Record<string, { runs: number }>))
    .reduce((a, c) => a + c.runs, 0);
  const rawRuns = (await rawGrid(raw)).reduce((a, c) => a + Number(c.n), 0);
  if (gridRuns !== rawRuns) throw new Error(`task grid counts ${gridRuns} runs, raw SQL ${rawRuns}`);
  const cfgRuns = (await configAnalytics(ctx, f)).configs.reduce((a, c) => a + c.runs, 0);
  if (cfgRuns !== rawRuns) throw new Error(`config analytics counts ${cfgRuns} runs, raw SQL ${rawRuns}`);

  const page = await comparePage(ctx, f);
  const rawPair = (await rawCompare(raw)).pairs.find(
    (p) => [p.a, p.b].sort().join() === [page.one.a.config, page.one.b.config].sort().join(),
  );
  if (!rawPair || Number(rawPair.both) !== page.one.pairs.both)
    throw new Error(`compare counts ${page.one.pairs.both} tasks passed on both sides, raw SQL ${rawPair?.both}`);

  return [
    timeFigure(
      "3d",
      "config comparison page (two sides + family vs baseline) vs raw SQL",
      await pairs(
        reps,
        () => comparePage(ctx, f),
        () => rawCompare(raw),
      ),
      2,
    ),
    timeFigure(
      "3a",
      `/api/analytics/configs (${rawRuns.toLocaleString("en-US")} runs) vs raw SQL`,
      await pairs(
        reps,
        () => configAnalytics(ctx, f),
        () => rawConfigs(raw),
      ),
      2,
    ),
    timeFigure(
      "3b",
      "task grid vs raw SQL",
      await pairs(
        reps,
        () => taskGrid(ctx, f),
        () => rawGrid(raw),
      ),
      2,
    ),
    timeFigure(
      "3c",
      "TTFT fit (turns) vs raw SQL",
      await pairs(
        reps,
        () => ttftAnalytics(ctx, f),
        () => rawTtft(raw),
      ),
      2,
    ),
  ];
}
