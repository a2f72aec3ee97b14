import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { quantile7 } from "./bootstrap";
import { regularizedIncompleteBeta } from "./incomplete-beta";
import { verdictOf, type MarginVerdict } from "./robust-slope";

export const MEDIAN_BOOTSTRAP_SEED = 29;
export const MEDIAN_BOOTSTRAP_DRAWS = 20_000;

/** The conventional sample median (the two middle values averaged); null for none. */
export function sampleMedian(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((x, y) => x - y);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

/**
 * The exact bootstrap distribution of a sample median (Efron 1982, The Jackknife, the Bootstrap
 * and Other Resampling Plans, §10.3; Maritz & Jarrett 1978, JASA 73:194–196): resampling n values
 * with replacement, the k-th smallest of the resample (k = ⌈n/2⌉) is at most the value v when at
 * least k draws land at or below v, so with c(v) values ≤ v
 *
 *   P(median* ≤ v) = P(Bin(n, c(v)/n) ≥ k) = I_{c(v)/n}(k, n − k + 1)
 *
 * Returned as the distinct values and that cumulative probability, for drawing by inversion: the
 * same as resampling B times and taking medians with B → ∞, at the cost of one incomplete beta
 * per distinct value near the middle. Values more than 10·√n order positions from the middle have
 * probability below 1e-20 and are given 0 or 1.
 */
export function medianBootstrapCdf(values: readonly number[]): { values: number[]; cdf: number[] } {
  const s = [...values].sort((x, y) => x - y);
  const n = s.length;
  if (!n) throw new RangeError("no values to take a median of");
  const k = Math.ceil(n / 2);
  const band = 10 * Math.sqrt(n) + 2;
  const out: number[] = [];
  const cdf: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && s[i + 1] === s[i]) continue;
    const c = i + 1;
    out.push(s[i]);
    cdf.push(c >= n ? 1 : c < k - band ? 0 : c > k + band ? 1 : regularizedIncompleteBeta(c / n, k, n - k + 1));
  }
  return { values: out, cdf };
}

/** The relative change of b's median over a's, with its bootstrap interval over runs. */
export interface MedianChange extends MarginVerdict {
  /** The medians of all of a side's values (for display; the change is combined per stratum). */
  a: number;
  b: number;
  n: [number, number];
  /** Strata (configs) with values on both sides. */
  strata: number;
  draws: number;
  seed: number;
}

/** One stratum's values on either side (a config's runs). */
export interface MedianStratum {
  a: readonly number[];
  b: readonly number[];
}

type Dist = { values: number[]; cdf: number[] };

/**
 * b's median against a's within strata (the configs: a config's start-up prompt sets its load, so
 * pooling configs with different loads gives a median that jumps between them), each stratum's
 * values one per run. The change is the weighted geometric mean of the strata's median ratios,
 *
 *   change = exp(Σ w_c·ln(b̃_c/ã_c)) − 1,   w_c ∝ runs of stratum c (both sides),
 *
 * which is b̃/ã − 1 with one stratum. Its percentile interval comes from a bootstrap over runs
 * within each stratum and side (Efron & Tibshirani 1993, §13.3; stratified as Davison & Hinkley
 * 1997, §3.2), each median drawn from its exact bootstrap distribution (`medianBootstrapCdf`),
 * `draws` draws from a seeded xoroshiro128+. A regression only when the whole (1 − α) interval lies
 * beyond the margin; p is the share of resampled changes at or below the margin (the bootstrap's
 * one-sided p of H₀: change ≤ margin). Null with no stratum holding values on both sides with a
 * positive median on a.
 */
export function stratifiedMedianChange(
  strata: readonly MedianStratum[],
  margin: number,
  opts: { alpha?: number; seed?: number; draws?: number } = {},
): MedianChange | null {
  const used = strata.filter((s) => s.a.length && s.b.length && (sampleMedian(s.a) ?? 0) > 0);
  if (!used.length) return null;
  const alpha = opts.alpha ?? 0.05;
  const seed = opts.seed ?? MEDIAN_BOOTSTRAP_SEED;
  const draws = opts.draws ?? MEDIAN_BOOTSTRAP_DRAWS;
  const total = used.reduce((t, s) => t + s.a.length + s.b.length, 0);
  const w = used.map((s) => (s.a.length + s.b.length) / total);
  const point = used.reduce((acc, s, i) => acc + w[i] * Math.log(sampleMedian(s.b)! / sampleMedian(s.a)!), 0);
  const dists: [Dist, Dist][] = used.map((s) => [medianBootstrapCdf(s.a), medianBootstrapCdf(s.b)]);
  const gen = xoroshiro128plus(seed | 0);
  const pick = (d: Dist) => {
    const u = (uniformInt(gen, 0, 2 ** 30 - 1) + 0.5) / 2 ** 30;
    let lo = 0;
    let hi = d.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (d.cdf[mid] >= u) hi = mid;
      else lo = mid + 1;
    }
    return d.values[lo];
  };
  const changes = new Float64Array(draws);
  let atOrBelow = 0;
  for (let r = 0; r < draws; r++) {
    let logs = 0;
    for (let i = 0; i < dists.length; i++) {
      const xa = pick(dists[i][0]);
      const xb = pick(dists[i][1]);
      logs += w[i] * (xa > 0 ? Math.log(xb / xa) : Number.POSITIVE_INFINITY);
    }
    const c = Math.exp(logs) - 1;
    changes[r] = c;
    if (c <= margin) atOrBelow++;
  }
  changes.sort();
  const ci: [number, number] = [quantile7(changes, alpha / 2), quantile7(changes, 1 - alpha / 2)];
  const all = (side: "a" | "b") => used.flatMap((s) => [...s[side]]);
  const change = Math.exp(point) - 1;
  return {
    a: sampleMedian(all("a"))!,
    b: sampleMedian(all("b"))!,
    n: [all("a").length, all("b").length],
    strata: used.length,
    change,
    ci,
    margin,
    p: atOrBelow / draws,
    verdict: verdictOf(ci, margin),
    draws,
    seed,
  };
}
