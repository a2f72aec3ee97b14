import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/** One task's runs and passes on either side of a comparison. */
export interface TaskPair {
  aRuns: number;
  aPassed: number;
  bRuns: number;
  bPassed: number;
}

export interface BootstrapInterval {
  /** b's pooled pass rate minus a's over the tasks as observed. */
  diff: number;
  /** Percentile interval of the resampled differences. */
  ci: [number, number];
  resamples: number;
  seed: number;
  tasks: number;
}

/** The seed recorded with every interval, so the same runs give the same interval everywhere. */
export const BOOTSTRAP_SEED = 19;
export const BOOTSTRAP_RESAMPLES = 10_000;

/** Pooled pass-rate difference (b − a) over tasks given as indices into `tasks`. */
function pooledDiff(tasks: readonly TaskPair[], picks: ArrayLike<number>): number | null {
  let an = 0, ak = 0, bn = 0, bk = 0; // prettier-ignore
  for (let i = 0; i < picks.length; i++) {
    const t = tasks[picks[i]];
    an += t.aRuns;
    ak += t.aPassed;
    bn += t.bRuns;
    bk += t.bPassed; // prettier-ignore
  }
  return an && bn ? bk / bn - ak / an : null;
}

/**
 * Task-level cluster bootstrap interval of a pass-rate difference (Efron & Tibshirani 1993, An
 * Introduction to the Bootstrap, §13.3 percentile interval; resampling whole clusters as in
 * Davison & Hinkley 1997, Bootstrap Methods, §3.8): draw k of the k tasks with replacement,
 * keep each drawn task's runs on both sides together, compute
 *
 *   d* = Σ k_b / Σ n_b − Σ k_a / Σ n_a   over the drawn tasks,
 *
 * B times, and take the (1 − level)/2 and (1 + level)/2 quantiles of d* (type 7, R's default).
 * Repeats of a task stay together, so the interval is as wide as the tasks make it, not as
 * narrow as the runs would. The generator is pure-rand's xoroshiro128+ from `seed`, so the
 * same tasks and seed give the same interval. Null with no task run on both sides.
 */
export function clusterBootstrapDiff(
  tasks: readonly TaskPair[],
  opts: { seed?: number; resamples?: number; level?: number } = {},
): BootstrapInterval | null {
  const seed = opts.seed ?? BOOTSTRAP_SEED;
  const resamples = opts.resamples ?? BOOTSTRAP_RESAMPLES;
  const level = opts.level ?? 0.95;
  const both = tasks.filter((t) => t.aRuns > 0 && t.bRuns > 0);
  const k = both.length;
  if (!k) return null;
  const all = Array.from({ length: k }, (_, i) => i);
  const diff = pooledDiff(both, all)!;
  const gen = xoroshiro128plus(seed | 0);
  const picks = new Int32Array(k);
  const stats = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < k; i++) picks[i] = uniformInt(gen, 0, k - 1);
    stats[r] = pooledDiff(both, picks)!;
  }
  stats.sort();
  return {
    diff,
    ci: [quantile7(stats, (1 - level) / 2), quantile7(stats, (1 + level) / 2)],
    resamples,
    seed,
    tasks: k,
  };
}

/** Sample quantile of sorted values, Hyndman & Fan 1996 type 7: linear between order statistics. */
export function quantile7(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
