import { studentTCdf, studentTQuantile } from "./t-dist";

/** One cluster's raw sums (a run's turns): n, Σx, Σy, Σx², Σxy. */
export interface ClusterSums {
  n: number;
  sx: number;
  sy: number;
  sxx: number;
  sxy: number;
}

/** A least-squares slope with a cluster-robust standard error. */
export interface RobustSlope {
  /** Observations (turns). */
  n: number;
  /** Clusters (runs) with at least one observation. */
  clusters: number;
  slope: number;
  intercept: number;
  /** CR1 standard error of the slope. */
  se: number;
  /** Degrees of freedom for its t reference: clusters − 1. */
  df: number;
}

/**
 * Ordinary least squares of y on x with the slope's cluster-robust (sandwich) standard error
 * (Liang & Zeger 1986, Biometrika 73:13–22; the CR1 small-sample factor and G − 1 degrees of
 * freedom as recommended by Cameron & Miller 2015, J Hum Resour 50:317–372, §II.C and §VI; the
 * same as statsmodels' `cov_type="cluster"`):
 *
 *   b = Sxy / Sxx,   V(b) = c · Σ_g (Σ_{i∈g} (xᵢ − x̄)·eᵢ)² / Sxx²,   c = G/(G − 1) · (N − 1)/(N − 2)
 *
 * With turns as observations and runs as clusters, a run's turns share its phone's state and
 * prompt, so they are not independent: the classical SE treats 30 turns of one run as 30 runs'
 * worth of evidence. From per-cluster raw sums, so a database hands over five numbers per run.
 * Null with fewer than two clusters, fewer than three observations, or no spread in x.
 */
export function clusterRobustSlope(clusters: readonly ClusterSums[]): RobustSlope | null {
  const used = clusters.filter((c) => c.n > 0);
  const G = used.length;
  const N = used.reduce((s, c) => s + c.n, 0);
  if (G < 2 || N < 3) return null;
  const mx = used.reduce((s, c) => s + c.sx, 0) / N;
  const my = used.reduce((s, c) => s + c.sy, 0) / N;
  let sxx = 0;
  let sxy = 0;
  for (const c of used) {
    // Σ (x − x̄)² and Σ (x − x̄)(y − ȳ) of the cluster, from its raw sums.
    sxx += c.sxx - 2 * mx * c.sx + c.n * mx * mx;
    sxy += c.sxy - mx * c.sy - my * c.sx + c.n * mx * my;
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let meat = 0;
  for (const c of used) {
    // Σ (xᵢ − x̄)·eᵢ with eᵢ = yᵢ − a − b·xᵢ.
    const sxe = c.sxy - intercept * c.sx - slope * c.sxx;
    const se = c.sy - intercept * c.n - slope * c.sx;
    const u = sxe - mx * se;
    meat += u * u;
  }
  const factor = (G / (G - 1)) * ((N - 1) / (N - 2));
  return { n: N, clusters: G, slope, intercept, se: Math.sqrt((factor * meat) / (sxx * sxx)), df: G - 1 };
}

/** A change judged against a margin: how big it is, its interval, and whether it lies beyond the margin. */
export interface MarginVerdict {
  /** Relative change b/a − 1 (of a slope or a median). */
  change: number;
  /** Two-sided interval of the change at the requested level. */
  ci: [number, number];
  /** The margin it was judged against, as a relative change. */
  margin: number;
  /** One-sided p of H₀: change ≤ margin. */
  p: number;
  /**
   * "regression": the whole interval lies above the margin; "within_margin": above 0 but not
   * beyond the margin (a real change, too small to matter); "faster": the whole interval is
   * below 0; "no_change": the interval holds 0.
   */
  verdict: "regression" | "within_margin" | "no_change" | "faster";
}

export function verdictOf(ci: [number, number], margin: number): MarginVerdict["verdict"] {
  if (ci[0] > margin) return "regression";
  if (ci[0] > 0) return "within_margin";
  if (ci[1] < 0) return "faster";
  return "no_change";
}

/**
 * b's slope against a's with a margin: the difference over independent fits, its standard error
 * √(SE_a² + SE_b²) with Welch–Satterthwaite degrees of freedom (Satterthwaite 1946, Biometrics
 * Bull 2:110–114), expressed relative to a's slope:
 *
 *   change = (b_b − b_a)/b_a,  CI = (d ± t(1 − α/2, ν)·SE)/b_a,  p = P(T_ν ≥ (d − m·b_a)/SE)
 *
 * The change is a regression only when the whole interval lies beyond the margin m (the
 * one-sided test of H₀: change ≤ m at α/2). Null when a's slope is not positive or a side has no SE.
 */
export function slopeChangeVsMargin(
  a: RobustSlope,
  b: RobustSlope,
  margin: number,
  alpha = 0.05,
): MarginVerdict | null {
  if (!(a.slope > 0)) return null;
  const se = Math.sqrt(a.se ** 2 + b.se ** 2);
  if (!(se > 0)) return null;
  const df = se ** 4 / (a.se ** 4 / a.df + b.se ** 4 / b.df);
  const d = b.slope - a.slope;
  const t = studentTQuantile(1 - alpha / 2, df);
  const ci: [number, number] = [(d - t * se) / a.slope, (d + t * se) / a.slope];
  const p = 1 - studentTCdf((d - margin * a.slope) / se, df);
  return { change: d / a.slope, ci, margin, p, verdict: verdictOf(ci, margin) };
}

/** The five per-cluster sums, in the order of a {@link ClusterProducts} key pair. */
export const CLUSTER_SUMS = ["n", "sx", "sy", "sxx", "sxy"] as const;
export type ClusterSumName = (typeof CLUSTER_SUMS)[number];
/** "n*sx": a product of two per-cluster sums, first in {@link CLUSTER_SUMS} order. */
export type ProductKey = `${ClusterSumName}*${ClusterSumName}`;

/** Every product key once (15), i ≤ j in {@link CLUSTER_SUMS} order. */
export const PRODUCT_KEYS: ProductKey[] = CLUSTER_SUMS.flatMap((x, i) =>
  CLUSTER_SUMS.slice(i).map((y) => `${x}*${y}` as ProductKey),
);

/**
 * What a database can aggregate over a group's clusters for {@link clusterRobustSlope} without
 * handing over a row per cluster: the clusters, the five sums' totals, and the 15 sums over
 * clusters of the products of a cluster's sums (Σ_g n_g·sx_g, …).
 */
export interface ClusterProducts {
  clusters: number;
  totals: ClusterSums;
  products: Record<ProductKey, number>;
}

/**
 * {@link clusterRobustSlope} from aggregated products instead of clusters: a cluster's score
 * u_g = Σ(x − x̄)·e is linear in its sums, u_g = c·(n, Σx, Σy, Σx², Σxy)_g with
 * c = (x̄·a, x̄·b − a, −x̄, −b, 1), so Σ u_g² = c′·P·c with P the products' matrix. The same
 * answer to rounding (the test checks it against statsmodels too).
 */
export function clusterRobustFromProducts(p: ClusterProducts): RobustSlope | null {
  const { n: N, sx, sy, sxx: rxx, sxy: rxy } = p.totals;
  const G = p.clusters;
  if (G < 2 || N < 3) return null;
  const mx = sx / N;
  const my = sy / N;
  const sxxC = rxx - N * mx * mx;
  const sxyC = rxy - N * mx * my;
  if (!(sxxC > 0)) return null;
  const slope = sxyC / sxxC;
  const intercept = my - slope * mx;
  const c: Record<ClusterSumName, number> = {
    n: mx * intercept,
    sx: mx * slope - intercept,
    sy: -mx,
    sxx: -slope,
    sxy: 1,
  };
  let meat = 0;
  for (const [i, x] of CLUSTER_SUMS.entries())
    for (const [j, y] of CLUSTER_SUMS.entries()) {
      const key = (i <= j ? `${x}*${y}` : `${y}*${x}`) as ProductKey;
      meat += c[x] * c[y] * p.products[key];
    }
  const factor = (G / (G - 1)) * ((N - 1) / (N - 2));
  return {
    n: N,
    clusters: G,
    slope,
    intercept,
    se: Math.sqrt(Math.max(0, (factor * meat) / (sxxC * sxxC))),
    df: G - 1,
  };
}
