/**
 * Issue 22: every analytics service against DuckDB in memory computing the same numbers from the
 * same rows (scripts/bench/duck: the service's own statements, recorded and replayed, results
 * compared row for row before timing), as ratios in one run, plus the service's absolute time.
 * Target: within 3× DuckDB and under 250 ms at 100k runs (1 s at 1M).
 */
import type { Ctx } from "../../src/server/context";
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
import { fmtMs, median, pairs, type Figure } from "./measure";

type Endpoint = [name: string, call: (ctx: Ctx) => unknown];

/** The analytics endpoints of issue 22 with the default filter (current scores, no trial, no superseded). */
async function endpoints(ctx: Ctx): Promise<Endpoint[]> {
  const f = AnalyticsFilter.parse({});
  const [c0, c1] = await selectionConfigs(ctx, f);
  const suiteId = (ctx.db.$client.prepare("SELECT suite_id AS s FROM sessions LIMIT 1").get() as { s: string }).s;
  const sessions = (
    ctx.db.$client.prepare("SELECT id FROM sessions ORDER BY created_at").all() as { id: string }[]
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
    ["budget (fit + measured medians)", (c) => Promise.all([fitMoments(c, f), measuredByConfig(c, f, suiteId)])],
    ["throttling", (c) => throttlingAnalytics(c, f)],
    ["cost", (c) => costAnalytics(c, f)],
    ["states", (c) => stateAnalytics(c, f)],
    ["transitions", (c) => transitionAnalytics(c, f, { config: c0 }, { config: c1 })],
    ["trajectories", (c) => trajectoryAnalytics(c, f, { config: c0 }, { config: c1 })],
    ["plan (every session named)", (c) => planEvidence(c, { ...f, sessions: sessions.slice(0, 200) })],
    ["page: config ids + filter options", (c) => Promise.all([selectionConfigIds(c, f), filterOptions(c)])],
  ];
}

export async function benchAnalyticsScale(
  ctx: Ctx,
  runs: number,
  reps: number,
  log: (l: string) => void,
  only?: (name: string) => boolean,
): Promise<Figure[]> {
  const db = ctx.db.$client;
  const duck = await loadIntoDuck(db, log);
  log(
    `  duckdb: loaded ${Object.entries(duck.rows)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ")} in ${fmtMs(duck.loadMs)} (read_csv)`,
  );
  const maxMs = runs >= 1_000_000 ? 1000 : 250;
  const label = runs >= 1_000_000 ? `${runs / 1_000_000}M` : `${runs / 1000}k`;
  const figures: Figure[] = [];
  try {
    for (const [name, call] of await endpoints(ctx)) {
      if (only && !only(name)) continue;
      // The baseline must compute the same numbers, or the ratio means nothing.
      const { statements } = await recordCall(ctx, () => call(ctx));
      const results = await replay(duck.conn, statements);
      statements.forEach((s, i) => {
        const d = differs(s, results[i]);
        if (d)
          throw new Error(`${name}: DuckDB's answer to statement ${i + 1} differs from SQLite's (${d}):\n${s.sql}`);
      });
      const t = await pairs(
        reps,
        () => call(ctx),
        () => replay(duck.conn, statements),
      );
      const ratios = t.s.map((x, i) => x / t.b[i]);
      const ms = median(t.s);
      const ratio = median(ratios);
      figures.push({
        id: `A${label}`,
        what: `${name} (${runs.toLocaleString("en-US")} runs) vs DuckDB in memory`,
        kind: "time",
        ratios,
        target: `≤ 3× and < ${fmtMs(maxMs)}`,
        met: ratio <= 3 && ms < maxMs,
        detail: `${fmtMs(ms)} vs ${fmtMs(median(t.b))} (${statements.length} statements)`,
      });
      log(`  ${name}: ${fmtMs(ms)} vs DuckDB ${fmtMs(median(t.b))}`);
    }
  } finally {
    duck.close();
  }
  return figures;
}
