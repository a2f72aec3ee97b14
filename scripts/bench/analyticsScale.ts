/**
 * Issue 22: every analytics service against DuckDB in memory computing the same numbers from the
 * same rows, as ratios in one run, plus the service's absolute time. Target: within 3× DuckDB and
 * under 250 ms at 100k runs (1 s at 1M). The baseline replays the service's own statements in
 * DuckDB (duck/replay.ts), so no second copy of a service's SQL is kept for measuring it (issue 33);
 * the answers are compared before timing, and a figure whose numbers differ is reported as not
 * reproduced, with the difference, not timed.
 */
import type { Ctx } from "../../src/server/context";
import { columnarOf } from "../../src/server/store/columnar";
import { AnalyticsFilter } from "../../src/domain/analytics/filter";
import { configAnalytics } from "../../src/server/analytics/configs";
import { outcomeAnalytics, taskGrid } from "../../src/server/analytics/grid";
import { ttftAnalytics, fitMoments } from "../../src/server/analytics/ttft";
import { ttftPoints } from "../../src/server/analytics/ttftPoints";
import { peakContextAnalytics } from "../../src/server/analytics/peakContext";
import { progressAnalytics } from "../../src/server/analytics/progress";
import { failureAnalytics } from "../../src/server/analytics/failures";
import { compareAnalytics } from "../../src/server/analytics/compare";
import { compareFamily, selectionConfigs } from "../../src/server/analytics/family";
import { stepAnalytics } from "../../src/server/analytics/steps";
import { proficiencyAnalytics } from "../../src/server/analytics/proficiency";
import { measuredByConfig } from "../../src/server/budget/measured";
import { throttlingAnalytics } from "../../src/server/analytics/throttling";
import { costAnalytics } from "../../src/server/analytics/cost";
import { stateAnalytics } from "../../src/server/analytics/states";
import { trajectoryAnalytics, transitionAnalytics } from "../../src/server/analytics/transitions";
import { planEvidence } from "../../src/server/analytics/plan";
import { selectionConfigIds } from "../../src/server/analytics/selectionConfigIds";
import { filterOptions } from "../../src/server/analytics/filterOptions";
import { loadIntoDuck } from "./duck/load";
import { differs, recordCall, replay } from "./duck/replay";
import { differ } from "./duck/query";
import type { DuckDBConnection } from "@duckdb/node-api";
import { fmtMs, median, pairs, timeIt, type Figure } from "./measure";
import { sqliteDatabase } from "../../src/server/store/sqlite";

/** An endpoint: its name and the service call. */
type Endpoint = [name: string, call: (ctx: Ctx) => unknown];

/**
 * The analytics endpoints of issue 22 with `f` (default: current scores, no trial, no superseded);
 * tests/integration/analytics-plans.test.ts checks the query plans of this very list.
 */
export async function endpoints(ctx: Ctx, f = AnalyticsFilter.parse({})): Promise<Endpoint[]> {
  const [c0, c1] = await selectionConfigs(ctx, f);
  const suiteId = (
    sqliteDatabase(ctx.store).prepare("SELECT suite_id AS s FROM sessions LIMIT 1").get() as { s: string }
  ).s;
  const sessions = (
    sqliteDatabase(ctx.store).prepare("SELECT id FROM sessions ORDER BY created_at").all() as { id: string }[]
  ).map((r) => r.id);
  return [
    ["configs", (c) => configAnalytics(c, f)],
    ["tasks (grid)", (c) => taskGrid(c, f)],
    ["outcomes", (c) => outcomeAnalytics(c, f)],
    ["ttft (fit)", (c) => ttftAnalytics(c, f)],
    ["ttft/points", (c) => ttftPoints(c, f)],
    ["context", (c) => peakContextAnalytics(c, f)],
    ["progress", (c) => progressAnalytics(c, f)],
    ["failures", (c) => failureAnalytics(c, f)],
    ["compare (two configs)", (c) => compareAnalytics(c, f, { config: c0 }, { config: c1 })],
    ["compare/family (vs baseline)", (c) => compareFamily(c, f, "baseline")],
    ["steps", (c) => stepAnalytics(c, f, [])],
    ["proficiency", (c) => proficiencyAnalytics(c, f)],
    ["budget (fit + measured medians)", async (c) => [await fitMoments(c, f), await measuredByConfig(c, f, suiteId)]],
    ["throttling", (c) => throttlingAnalytics(c, f)],
    ["cost", (c) => costAnalytics(c, f)],
    ["states", (c) => stateAnalytics(c, f)],
    ["transitions", (c) => transitionAnalytics(c, f, { config: c0 }, { config: c1 })],
    ["trajectories", (c) => trajectoryAnalytics(c, f, { config: c0 }, { config: c1 })],
    ["plan (every session named)", (c) => planEvidence(c, { ...f, sessions: sessions.slice(0, 200) })],
    ["page: config ids + filter options", async (c) => [await selectionConfigIds(c, f), await filterOptions(c)]],
  ];
}

/**
 * DuckDB's side of one endpoint, checked equal to the service's answer on `ctx`: the service's
 * statements replayed in DuckDB as a timed function, or why not. `rows` is a SQLite context over the same rows (`ctx` itself on SQLite), on which a
 * replayed service's statements are recorded.
 */
export async function baseline(ctx: Ctx, rows: Ctx, conn: DuckDBConnection, [name, call]: Endpoint) {
  if (rows !== ctx) {
    const d = differ(await call(ctx), await call(rows));
    if (d) return { problem: `the service's answers differ between the engines: ${d}` };
  }
  // The service's own statements, recorded on its (SQLite) connection and replayed.
  const { statements } = await recordCall(rows, () => call(rows));
  if (!statements.length) return { problem: "the service ran no statement on the recorded connection: not replayed" };
  const results = await replay(conn, statements);
  for (const [i, s] of statements.entries()) {
    const d = differs(s, results[i]);
    if (d) return { problem: `${name}: DuckDB's answer to statement ${i + 1} differs (${d})` };
  }
  return { run: () => replay(conn, statements), how: `the service's ${statements.length} statements replayed` };
}

/**
 * At 1M runs at most three timed calls of each side (after the warm-up): every figure takes about a
 * second or less, and one call alone decided a figure on a noisy run (ttft/points 1.01 s once, 453 ms before).
 */
export function scaleReps(runs: number, reps: number): number {
  return runs >= 1_000_000 ? Math.min(reps, 3) : reps;
}

/**
 * `ctx` is the context timed (SQLite's or PostgreSQL's); `rows` a SQLite context over the same rows,
 * which DuckDB loads and the endpoints' arguments are read from (on PostgreSQL: the seed it was copied from).
 */
export async function benchAnalyticsScale(
  ctx: Ctx,
  runs: number,
  reps: number,
  log: (l: string) => void,
  only?: (name: string) => boolean,
  rows: Ctx = ctx,
): Promise<Figure[]> {
  const duck = await loadIntoDuck(sqliteDatabase(rows.store), log);
  log(
    `  duckdb: loaded ${Object.entries(duck.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ")} in ${fmtMs(duck.loadMs)} (read_csv)`,
  );
  // The services read the columnar mirror (ADR 12) once it has loaded: loaded here, before timing.
  const mirror = await columnarOf(ctx.store)?.ready();
  log(
    mirror
      ? `  columnar mirror: ${mirror.state}, ${mirror.loadedRuns} runs loaded in ${fmtMs(mirror.loadMs ?? NaN)}`
      : "  columnar mirror: none (ANALYTICS_ENGINE=sql): the services read SQLite",
  );
  const maxMs = runs >= 1_000_000 ? 1000 : 250;
  const label = runs >= 1_000_000 ? `${runs / 1_000_000}M` : `${runs / 1000}k`;
  const figures: Figure[] = [];
  try {
    for (const e of await endpoints(rows)) {
      const [name, call] = e;
      if (only && !only(name)) continue;
      const what = `${name} (${runs.toLocaleString("en-US")} runs) vs DuckDB in memory`;
      // The baseline must compute the same numbers, or the ratio means nothing.
      const b = await baseline(ctx, rows, duck.conn, e).catch((err: unknown) => ({
        problem: `DuckDB failed: ${err instanceof Error ? err.message : String(err)}`,
        run: undefined,
      }));
      if (!b.run) {
        const t = await timeIt(() => call(ctx));
        figures.push({
          id: `A${label}`,
          what,
          kind: "time",
          ratios: [NaN],
          target: `≤ 3× and < ${fmtMs(maxMs)}`,
          met: false,
          detail: `service ${fmtMs(t)}; not reproduced in DuckDB: ${b.problem}`
            .replace(/\s+/g, " ")
            .replace(/\|/g, "/")
            .slice(0, 400),
        });
        log(`  ${name}: not reproduced: ${b.problem.slice(0, 300)}`);
        continue;
      }
      const t = await pairs(reps, () => call(ctx), b.run);
      const ratios = t.s.map((x, i) => x / t.b[i]);
      const ms = median(t.s);
      const ratio = median(ratios);
      figures.push({
        id: `A${label}`,
        what,
        kind: "time",
        ratios,
        target: `≤ 3× and < ${fmtMs(maxMs)}`,
        met: ratio <= 3 && ms < maxMs,
        detail: `${fmtMs(ms)} vs ${fmtMs(median(t.b))} (${b.how}); ${ratio <= 3 ? "ratio met" : "ratio **not** met"}, ${ms < maxMs ? "time met" : "time **not** met"}`,
      });
      log(`  ${name}: ${fmtMs(ms)} vs DuckDB ${fmtMs(median(t.b))}`);
    }
  } finally {
    duck.close();
  }
  return figures;
}
