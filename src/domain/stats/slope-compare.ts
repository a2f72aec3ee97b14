import type { OlsFit } from "./regression";
import { studentTTwoSidedP } from "./t-dist";

/** The fields of a fit the comparison needs. */
export type SlopeEstimate = Pick<OlsFit, "n" | "slope" | "slopeSe">;

/** Difference between two independently fitted slopes and its two-sided test. */
export interface SlopeDifference {
  /** b's slope minus a's: positive when b's line is steeper. */
  diff: number;
  se: number;
  t: number;
  df: number;
  p: number;
}

/**
 * t test for the difference of two slopes fitted on independent samples (e.g. Zar 2010,
 * Biostatistical Analysis, 5th ed., §18.1; Paternoster et al. 1998, Criminology 36:859,
 * eq. 4, for the standard error), with the pooled residual degrees of freedom:
 *
 *   t = (b_b − b_a) / √(SE_a² + SE_b²),  df = n_a + n_b − 4,  p = P(|T_df| ≥ |t|)
 *
 * Unlike Zar's pooled-variance form it keeps each fit's own standard error (the two builds
 * need not share a residual variance). Returns null when both standard errors are 0 (two exact
 * lines; t is undefined) or a fit has fewer than three points.
 */
export function slopeDifference(a: SlopeEstimate, b: SlopeEstimate): SlopeDifference | null {
  if (a.n < 3 || b.n < 3) return null;
  const se = Math.sqrt(a.slopeSe ** 2 + b.slopeSe ** 2);
  if (!(se > 0)) return null;
  const diff = b.slope - a.slope;
  const t = diff / se;
  const df = a.n + b.n - 4;
  return { diff, se, t, df, p: studentTTwoSidedP(t, df) };
}

/**
 * True when `next`'s slope (e.g. TTFT ms per prompt token on a new app build) is larger than
 * `prev`'s and the two-sided test of {@link slopeDifference} gives p < alpha. False when the
 * difference cannot be tested.
 */
export function significantlyWorse(prev: SlopeEstimate, next: SlopeEstimate, alpha = 0.05): boolean {
  const d = slopeDifference(prev, next);
  return d !== null && d.diff > 0 && d.p < alpha;
}
