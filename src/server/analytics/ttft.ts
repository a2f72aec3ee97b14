import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildFits, fitView, predictLoads, type BuildMoments, type TtftPoints } from "@/domain/analytics/ttft";
import { olsFromMoments, type Moments } from "@/domain/stats/regression";
import { mergeMoments } from "@/domain/stats/mergeMoments";
import { int, numOrNull } from "../store/columns";
import { dialectOf } from "../store/dialect";
import { medianByConfig } from "./configs";
import { resolveContrast } from "./resolveContrast";
import { COLD_LOAD, FROM_FACTS, factsWhere } from "./where";

/**
 * The (x, y) points of a fit, as SQL over the filtered runs. As doubles: PostgreSQL would average
 * integers in exact `numeric` (slower, and not the floating sums SQLite makes).
 */
const real = (col: string) => `CAST(${col} AS DOUBLE PRECISION)`;
function pointsSql(points: TtftPoints, where: string): string {
  const turns = `SELECT r.device_id AS d, r.build_commit AS b, r.received_at AS at, ${real("t.prompt_tokens")} AS x, ${real("t.ttft_ms")} AS y
                   FROM ${FROM_FACTS} JOIN turns t ON t.run_id = r.id WHERE ${where}`;
  const loads = `SELECT r.device_id AS d, r.build_commit AS b, r.received_at AS at, ${real("r.startup_tokens")} AS x, ${real("r.load_ms")} AS y
                   FROM ${FROM_FACTS} WHERE ${where} AND ${COLD_LOAD}`;
  return points === "turns" ? turns : points === "loads" ? loads : `${turns} UNION ALL ${loads}`;
}

/** An empty selection's AVG and SUM are NULL; its moments are zero (no fit is made from n < 3). */
const sum = numOrNull.transform((v) => v ?? 0);
const MomentsRow = z.object({ n: int, meanX: sum, meanY: sum, sxx: sum, sxy: sum, syy: sum });

/** The centred sums of the fit's points over the filtered runs (the latency budget reuses them). */
export async function fitMoments(ctx: Ctx, filter: AnalyticsFilter, points: TtftPoints = "turns"): Promise<Moments> {
  const w = factsWhere(filter);
  const params = points === "all" ? [...w.params, ...w.params] : w.params;
  const row = await ctx.store.sql.get(
    MomentsRow,
    // MATERIALIZED: otherwise SQLite recomputes the one-row means for every point (quadratic).
    `WITH p AS MATERIALIZED (${pointsSql(points, w.sql)}), m AS MATERIALIZED (SELECT COUNT(*) AS n, AVG(x) AS mx, AVG(y) AS my FROM p)
     SELECT m.n AS "n", m.mx AS "meanX", m.my AS "meanY", SUM((x - mx) * (x - mx)) AS "sxx", SUM((x - mx) * (y - my)) AS "sxy",
            SUM((y - my) * (y - my)) AS "syy" FROM p, m GROUP BY m.n, m.mx, m.my`,
    params,
  );
  return row ?? { n: 0, meanX: 0, meanY: 0, sxx: 0, sxy: 0, syy: 0 };
}

const BuildRow = MomentsRow.extend({ device: z.string(), build: z.string(), firstSeen: int });

/**
 * `GET /api/analytics/ttft`: least squares of TTFT on prompt tokens over every turn (or load time
 * on start-up tokens), aggregated to centred sums in SQL; per-config predicted vs measured load;
 * and (added) one fit per device × build with regressions flagged, and the load contrast of the
 * configs `pick` names (default: most vs fewest start-up tokens) under this fit's slope.
 */
export async function ttftAnalytics(
  ctx: Ctx,
  filter: AnalyticsFilter,
  points: TtftPoints = "turns",
  pick: { a?: string; b?: string } = {},
) {
  const w = factsWhere(filter);
  const sql = pointsSql(points, w.sql);
  const params = points === "all" ? [...w.params, ...w.params] : w.params;
  const { sql: runner } = ctx.store;
  const d = dialectOf(runner);
  // Group means come from a window over (device, build) in one pass over the points, instead of
  // joining the points back to a grouped CTE (which SQLite may re-evaluate, as it did for `m` above).
  // The overall fit is merged from these groups (mergeMoments), not read by a second scan (ADR 10).
  const [byBuild, startup, load] = await Promise.all([
    runner.all(
      BuildRow,
      `WITH p AS (${sql}),
            q AS (SELECT d, b, at, x, y, AVG(x) OVER g AS mx, AVG(y) OVER g AS my FROM p WINDOW g AS (PARTITION BY d, b))
       SELECT d AS "device", b AS "build", MIN(at) AS "firstSeen", COUNT(*) AS "n", AVG(x) AS "meanX", AVG(y) AS "meanY",
              SUM((x - mx) * (x - mx)) AS "sxx", SUM((x - mx) * (y - my)) AS "sxy", SUM((y - my) * (y - my)) AS "syy"
         FROM q GROUP BY d, b ORDER BY ${d.collateC("d")}, ${d.collateC("b")}`,
      params,
    ),
    medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w),
    medianByConfig(ctx, "r.load_ms", FROM_FACTS, w),
  ]);
  const fit = olsFromMoments(mergeMoments(byBuild));
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
