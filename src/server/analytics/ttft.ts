import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildFits, fitView, predictLoads, type BuildMoments, type TtftPoints } from "@/domain/analytics/ttft";
import { olsFromMoments, type Moments } from "@/domain/stats/regression";
import { medianByConfig } from "./configs";
import { resolveContrast } from "./resolveContrast";
import { COLD_LOAD, FROM_FACTS, factsWhere } from "./where";

/** The (x, y) points of a fit, as SQL over the filtered runs. */
function pointsSql(points: TtftPoints, where: string): string {
  const turns = `SELECT r.device_id AS d, r.build_commit AS b, r.received_at AS at, t.prompt_tokens AS x, t.ttft_ms AS y
                   FROM ${FROM_FACTS} JOIN turns t ON t.run_id = r.id WHERE ${where}`;
  const loads = `SELECT r.device_id AS d, r.build_commit AS b, r.received_at AS at, r.startup_tokens AS x, r.load_ms AS y
                   FROM ${FROM_FACTS} WHERE ${where} AND ${COLD_LOAD}`;
  return points === "turns" ? turns : points === "loads" ? loads : `${turns} UNION ALL ${loads}`;
}

/** The centred sums of the fit's points over the filtered runs (the latency budget reuses them). */
export function fitMoments(ctx: Ctx, filter: AnalyticsFilter, points: TtftPoints = "turns"): Moments {
  const w = factsWhere(filter);
  const params = points === "all" ? [...w.params, ...w.params] : w.params;
  return ctx.db.$client
    .prepare(
      // MATERIALIZED: otherwise SQLite recomputes the one-row means for every point (quadratic).
      `WITH p AS MATERIALIZED (${pointsSql(points, w.sql)}), m AS MATERIALIZED (SELECT COUNT(*) AS n, AVG(x) AS meanX, AVG(y) AS meanY FROM p)
       SELECT m.n, m.meanX, m.meanY, SUM((x - meanX) * (x - meanX)) AS sxx, SUM((x - meanX) * (y - meanY)) AS sxy,
              SUM((y - meanY) * (y - meanY)) AS syy FROM p, m`,
    )
    .get(...params) as Moments;
}

/**
 * `GET /api/analytics/ttft`: least squares of TTFT on prompt tokens over every turn (or load time
 * on start-up tokens), aggregated to centred sums in SQL; per-config predicted vs measured load;
 * and (added) one fit per device × build with regressions flagged, and the load contrast of the
 * configs `pick` names (default: most vs fewest start-up tokens) under this fit's slope.
 */
export function ttftAnalytics(
  ctx: Ctx,
  filter: AnalyticsFilter,
  points: TtftPoints = "turns",
  pick: { a?: string; b?: string } = {},
) {
  const w = factsWhere(filter);
  const sql = pointsSql(points, w.sql);
  const params = points === "all" ? [...w.params, ...w.params] : w.params;
  const sqlite = ctx.db.$client;
  const all = fitMoments(ctx, filter, points);
  // Group means come from a window over (device, build) in one pass over the points, instead of
  // joining the points back to a grouped CTE (which SQLite may re-evaluate, as it did for `m` above).
  const byBuild = sqlite
    .prepare(
      `WITH p AS (${sql}),
            q AS (SELECT d, b, at, x, y, AVG(x) OVER g AS mx, AVG(y) OVER g AS my FROM p WINDOW g AS (PARTITION BY d, b))
       SELECT d AS device, b AS build, MIN(at) AS firstSeen, COUNT(*) AS n, AVG(x) AS meanX, AVG(y) AS meanY,
              SUM((x - mx) * (x - mx)) AS sxx, SUM((x - mx) * (y - my)) AS sxy, SUM((y - my) * (y - my)) AS syy
         FROM q GROUP BY d, b`,
    )
    .all(...params) as ({ device: string; build: string; firstSeen: number } & Moments)[];
  const fit = olsFromMoments(all);
  const startup = medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w);
  const load = medianByConfig(ctx, "r.load_ms", FROM_FACTS, w);
  const configs = [...startup.keys()].sort().map((configId) => ({
    configId,
    startupTokens: startup.get(configId) ?? null,
    measuredLoadMs: load.get(configId) ?? null,
  }));
  const builds: BuildMoments[] = byBuild.map(({ device, build, firstSeen, ...moments }) => ({
    device,
    build,
    firstSeen,
    moments,
  }));
  const view = fit ? fitView(fit) : null;
  const contrast = resolveContrast(configs, view, pick.a, pick.b);
  return { points, fit: view, configs: predictLoads(fit, configs), builds: buildFits(builds), contrast };
}
