/** One task's 0/1 verdicts: how many runs it had and how many passed. */
export interface Cluster {
  runs: number;
  passed: number;
}

export interface Clustering {
  /** Runs, N = Σ mᵢ. */
  n: number;
  /** Clusters (tasks) with at least one run, k. */
  clusters: number;
  /** Mean runs per cluster, m̄ = N / k: the m of the design effect. */
  meanSize: number;
  /** The one-way ANOVA ICC truncated at 0; null when it is undefined (see below). */
  icc: number | null;
  /** 1 + (m̄ − 1)·ICC; null with the ICC. */
  designEffect: number | null;
  /** N / design effect; null with the ICC. */
  effectiveN: number | null;
}

/**
 * Intraclass correlation of 0/1 verdicts with tasks as clusters, by the one-way analysis of
 * variance estimator (Fisher 1925, §40; for binary data and unequal cluster sizes, Donner 1986,
 * Int Stat Rev 54:67–82, and Ridout, Demétrio & Firth 1999, Biometrics 55:137–148, "ANOVA"):
 *
 *   MSB = Σ mᵢ(p̂ᵢ − p̂)² / (k − 1),   MSW = Σ mᵢ p̂ᵢ(1 − p̂ᵢ) / (N − k)
 *   n₀ = (N − Σ mᵢ² / N) / (k − 1)    (= m when every task has m runs)
 *   ICC = (MSB − MSW) / (MSB + (n₀ − 1)·MSW), truncated at 0
 *
 * and Kish's design effect (Kish 1965, Survey Sampling, §5.4) with the mean cluster size,
 * deff = 1 + (m̄ − 1)·ICC, effective sample size N / deff: how many independent runs the
 * clustered ones are worth. When outcomes are decided by the task (ICC near 1) the effective n
 * is close to the number of tasks, not of runs.
 *
 * Undefined (null) with fewer than two tasks, with no task run twice (N = k: no within-task
 * variation to compare with), or when every verdict is the same (0/0).
 */
export function clustering(clusters: readonly Cluster[]): Clustering {
  const used = clusters.filter((c) => c.runs > 0);
  for (const c of used) {
    if (!Number.isInteger(c.runs) || !Number.isInteger(c.passed) || c.passed < 0 || c.passed > c.runs) {
      throw new RangeError(`cluster ${c.passed}/${c.runs} is not a count of passes`);
    }
  }
  const k = used.length;
  const n = used.reduce((s, c) => s + c.runs, 0);
  const out = { n, clusters: k, meanSize: k ? n / k : 0 };
  const none = { ...out, icc: null, designEffect: null, effectiveN: null };
  if (k < 2 || n === k) return none;
  const p = used.reduce((s, c) => s + c.passed, 0) / n;
  let ssb = 0;
  let ssw = 0;
  let sumSq = 0;
  for (const c of used) {
    const pi = c.passed / c.runs;
    ssb += c.runs * (pi - p) ** 2;
    ssw += c.runs * pi * (1 - pi);
    sumSq += c.runs * c.runs;
  }
  const msb = ssb / (k - 1);
  const msw = ssw / (n - k);
  const n0 = (n - sumSq / n) / (k - 1);
  const denom = msb + (n0 - 1) * msw;
  if (!(denom > 0)) return none;
  const icc = Math.max(0, (msb - msw) / denom);
  const designEffect = 1 + (out.meanSize - 1) * icc;
  return { ...out, icc, designEffect, effectiveN: n / designEffect };
}
