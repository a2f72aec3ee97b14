import { binomialCdf } from "./binomial";

/**
 * Exact two-sided sign test (Dixon & Mood 1946, JASA 41:557–566; Conover 1999, Practical
 * Nonparametric Statistics, 3rd ed., §3.4) over the tasks whose outcome changed: with
 * n = improved + degraded and k = min(improved, degraded), under H₀ each change is equally
 * likely to go either way, X ~ Bin(n, ½), and
 *
 *   p = min(1, 2·P(X ≤ k))
 *
 * Unchanged tasks carry no information about direction and are left out, as in the study.
 * With no changes (n = 0) there is no evidence either way and p = 1.
 */
export function signTest(improved: number, degraded: number): number {
  for (const v of [improved, degraded]) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`count ${v} is not a count`);
  }
  const n = improved + degraded;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(improved, degraded), n, 0.5));
}
