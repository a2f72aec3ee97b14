import { regularizedIncompleteBeta } from "./incomplete-beta";

/**
 * Upper tail of Student's t, P(T > t) for t ≥ 0, through the incomplete beta function
 * (Abramowitz & Stegun 1964, 26.7.1 and 26.5.27):
 *
 *   P(|T| > t) = I_{ν/(ν+t²)}(ν/2, ½)
 *
 * Computed directly rather than as 1 − cdf so that small tail probabilities keep their digits.
 */
function upperTail(t: number, df: number): number {
  return 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

function checkDf(df: number): void {
  if (!(df > 0) || !Number.isFinite(df)) throw new RangeError(`degrees of freedom ${df} must be positive`);
}

/**
 * Cumulative distribution of Student's t with ν = df degrees of freedom (ν may be fractional,
 * as in Welch's test): F(t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0 and F(−t) = 1 − F(t).
 * simple-statistics has a t statistic (`tTest`) but no t distribution.
 */
export function studentTCdf(t: number, df: number): number {
  checkDf(df);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  return t >= 0 ? 1 - upperTail(t, df) : upperTail(-t, df);
}

/** Two-sided p-value of a t statistic, P(|T| ≥ |t|) = I_{ν/(ν+t²)}(ν/2, ½). */
export function studentTTwoSidedP(t: number, df: number): number {
  checkDf(df);
  if (Number.isNaN(t)) return Number.NaN;
  if (!Number.isFinite(t)) return 0;
  return Math.min(1, 2 * upperTail(Math.abs(t), df));
}

/**
 * Quantile of Student's t: the t with F(t) = p, for 0 < p < 1 (±∞ at p = 1 or 0).
 *
 * Found by bisection on the upper tail ½·I_{ν/(ν+t²)}(ν/2, ½) = 1 − p (or p, by symmetry),
 * after doubling an upper bracket, until the bracket is within ~1e-14 relative. The tail is
 * monotone in t, so bisection cannot fail; it costs ~100 tail evaluations, which is nothing
 * next to a database query. (Hill 1970, CACM 13:619, Algorithm 396, is a closed-form
 * approximation with ~1e-9 error; bisection on the exact tail is simpler to verify.)
 */
export function studentTQuantile(p: number, df: number): number {
  checkDf(df);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`probability ${p} is outside 0..1`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === 0.5) return 0;
  // Solve for the positive quantile of the smaller tail, then restore the sign.
  const tail = p > 0.5 ? 1 - p : p;
  let lo = 0;
  let hi = 1;
  while (upperTail(hi, df) > tail) {
    lo = hi;
    hi *= 2;
    if (hi > 1e300) return p > 0.5 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  for (let i = 0; i < 2000 && hi - lo > 1e-14 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (upperTail(mid, df) > tail) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  return p > 0.5 ? t : -t;
}
