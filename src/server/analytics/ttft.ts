import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildFits, fitView, predictLoads, type BuildMoments, type TtftPoints } from "@/domain/analytics/ttft";
import { olsFromMoments, type Moments } from "@/domain/stats/regression";
import { PRODUCT_KEYS, type ClusterProducts, type ClusterSumName, type ProductKey } from "@/domain/stats/robust-slope";
import { addPowerSums, momentsFromPowerSums, NO_POINTS } from "@/domain/stats/powerSums";
import { int, num, powerSumColumns } from "../store/columns";
import { dialectOf } from "../store/dialect";
import { medianByConfig } from "./configs";
import { resolveContrast } from "./resolveContrast";
import { COLD_LOAD, FROM_FACTS, factsWhere } from "./where";
import { phoneLabelsByReportedId } from "../devices/phoneLabels";

/**
 * The fit's power sums per device × build over the filtered runs (ADR 11). A run's turns enter
 * through the sums run_facts keeps for them (n, Σ prompt, Σ TTFT, Σ prompt², Σ prompt × TTFT,
 * Σ TTFT²), its cold load as one point (start-up tokens, load ms), so no turn is read. Summed as
 * exact integers and read as text, so no engine rounds them (a double holds 2⁵³; Σx² of 20M
 * turns of 30k tokens is 1.8·10¹⁶).
 */
/** A run's turns' power sums as run_facts keeps them (x the prompt tokens, y the TTFT). */
export const TURN_POWER_SUMS = {
  n: "r.turn_rows",
  sx: "r.turn_prompt_tokens",
  sy: "r.turn_ttft_ms",
  sxx: "r.turn_prompt_sq",
  sxy: "r.turn_prompt_ttft",
  syy: "r.turn_ttft_sq",
} as const;

/** Each of the six sums summed over the group as exact text (`CAST(SUM(…) AS TEXT)`), for `powerSumColumns`. */
export const summedAsText = (term: (k: keyof typeof TURN_POWER_SUMS) => string) =>
  (["n", "sx", "sy", "sxx", "sxy", "syy"] as const).map((k) => `CAST(SUM(${term(k)}) AS TEXT) AS "${k}"`).join(", ");

function sumsSql(points: TtftPoints, where: string): string {
  const big = (col: string) => `CAST(${col} AS BIGINT)`;
  const turn = TURN_POWER_SUMS;
  const load = {
    n: "1",
    sx: "r.startup_tokens",
    sy: "r.load_ms",
    sxx: `${big("r.startup_tokens")} * r.startup_tokens`,
    sxy: `${big("r.startup_tokens")} * r.load_ms`,
    syy: `${big("r.load_ms")} * r.load_ms`,
  };
  const term = (k: keyof typeof turn) =>
    points === "turns"
      ? turn[k]
      : points === "loads"
        ? load[k]
        : `${turn[k]} + CASE WHEN ${COLD_LOAD} THEN ${load[k]} ELSE 0 END`;
  const has =
    points === "turns" ? "r.turn_rows > 0" : points === "loads" ? COLD_LOAD : `(r.turn_rows > 0 OR ${COLD_LOAD})`;
  const sums = summedAsText(term);
  // The per-run products of the sums, for the slope's standard error clustered by run (issue 31):
  // as doubles, factor by factor, so no engine's 64-bit integer overflows on a long run's Σxy².
  const dbl = (k: keyof typeof turn) => `CAST(${term(k)} AS DOUBLE PRECISION)`;
  const products = PRODUCT_KEYS.map((key) => {
    const [x, y] = key.split("*") as [ClusterSumName, ClusterSumName];
    return `SUM(${dbl(x)} * ${dbl(y)}) AS "${productAlias(key)}"`;
  }).join(", ");
  return `SELECT r.device_id AS "device", r.build_commit AS "build", MIN(r.received_at) AS "firstSeen", ${sums},
                 COUNT(*) AS "clusters", ${products}
            FROM ${FROM_FACTS} WHERE ${where} AND ${has} GROUP BY r.device_id, r.build_commit`;
}

const productAlias = (key: ProductKey) => `pp_${key.replace("*", "_")}`;
const BuildSums = z.object({
  device: z.string(),
  build: z.string(),
  firstSeen: int,
  ...powerSumColumns,
  clusters: int,
  ...Object.fromEntries(PRODUCT_KEYS.map((k) => [productAlias(k), num])),
});

/** A group's products as `clusterRobustFromProducts` takes them. */
function productsOf(row: z.output<typeof BuildSums>): ClusterProducts {
  const r = row as unknown as Record<string, number>;
  return {
    clusters: row.clusters,
    totals: { n: Number(row.n), sx: Number(row.sx), sy: Number(row.sy), sxx: Number(row.sxx), sxy: Number(row.sxy) },
    products: Object.fromEntries(PRODUCT_KEYS.map((k) => [k, r[productAlias(k)]])) as Record<ProductKey, number>,
  };
}

/** The fit's power sums per device × build, in byte order of device then build. */
async function buildSums(ctx: Ctx, filter: AnalyticsFilter, points: TtftPoints) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  return sql.all(
    BuildSums,
    `${sumsSql(points, w.sql)} ORDER BY ${d.collateC("r.device_id")}, ${d.collateC("r.build_commit")}`,
    w.params,
  );
}

/** The centred sums of the fit's points over the filtered runs (the latency budget reuses them). */
export async function fitMoments(ctx: Ctx, filter: AnalyticsFilter, points: TtftPoints = "turns"): Promise<Moments> {
  return momentsFromPowerSums((await buildSums(ctx, filter, points)).reduce(addPowerSums, NO_POINTS));
}

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
  // One GROUP BY device × build of the runs' power sums gives every build's fit and, added up
  // exactly, the overall one (ADR 11).
  const [sums, startup, load, labels] = await Promise.all([
    buildSums(ctx, filter, points),
    medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w),
    medianByConfig(ctx, "r.load_ms", FROM_FACTS, w),
    ctx.store.facts().then((facts) => phoneLabelsByReportedId(facts, ctx.store.sql, w)),
  ]);
  const fit = olsFromMoments(momentsFromPowerSums(sums.reduce(addPowerSums, NO_POINTS)));
  const configs = [...startup.keys()].sort().map((configId) => ({
    configId,
    startupTokens: startup.get(configId) ?? null,
    measuredLoadMs: load.get(configId) ?? null,
  }));
  const builds: BuildMoments[] = sums.map((row) => ({
    device: row.device,
    build: row.build,
    firstSeen: row.firstSeen,
    moments: momentsFromPowerSums(row),
    products: productsOf(row),
  }));
  const view = fit ? fitView(fit) : null;
  const contrast = resolveContrast(configs, view, pick.a, pick.b);
  const fits = buildFits(builds).map((b) => ({ ...b, deviceLabel: labels.get(b.device) ?? b.device }));
  return { points, fit: view, configs: predictLoads(fit, configs), builds: fits, contrast };
}
