import { gammaln } from "simple-statistics";

/**
 * Natural log of the binomial probability mass, ln P(X = k) for X ~ Bin(n, p):
 *
 *   ln C(n, k) + k·ln p + (n − k)·ln(1 − p),  ln C(n, k) = lnΓ(n+1) − lnΓ(k+1) − lnΓ(n−k+1)
 *
 * Working in logs keeps C(n, k) and pᵏ from leaving floating-point range (C(10000, 5000) ≈ 10³⁰⁰⁸).
 * lnΓ is simple-statistics' `gammaln` (Lanczos 1964, g = 607/128, 15 terms; Godfrey's
 * coefficients, ~1e-15 relative), so at n = 10,000 the mass keeps ~10 significant digits.
 * Returns −∞ for impossible outcomes (k outside 0..n, or p at 0 or 1 with k off that end).
 */
export function binomialLogPmf(k: number, n: number, p: number): number {
  checkArgs(n, p);
  if (!Number.isInteger(k) || k < 0 || k > n) return Number.NEGATIVE_INFINITY;
  // The ends of the probability range are certain outcomes; 0·ln 0 is taken as 0.
  if (p === 0) return k === 0 ? 0 : Number.NEGATIVE_INFINITY;
  if (p === 1) return k === n ? 0 : Number.NEGATIVE_INFINITY;
  // C(n, 0) = C(n, n) = 1 exactly; Lanczos' lnΓ(1) is −2e-16, not 0.
  const logChoose = k === 0 || k === n ? 0 : gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1);
  // log1p rather than log(1 − p) keeps the low digits of the complement when p is near 0.
  return logChoose + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/**
 * Binomial probability mass P(X = k) for X ~ Bin(n, p) = C(n, k)·pᵏ·(1 − p)ⁿ⁻ᵏ
 * (e.g. Feller 1968, An Introduction to Probability Theory, Vol. I, §VI.2), computed through
 * {@link binomialLogPmf}. simple-statistics' `binomialDistribution` builds the whole table and
 * stops once the mass sums to 1 − ε, so it is not used for single cells or tails.
 */
export function binomialPmf(k: number, n: number, p: number): number {
  return Math.exp(binomialLogPmf(k, n, p));
}

/**
 * Binomial cumulative probability P(X ≤ k) = Σᵢ₌₀ᵏ C(n, i)·pⁱ·(1 − p)ⁿ⁻ⁱ.
 *
 * The shorter-to-sum tail is added up directly: below the mean Σᵢ≤ₖ, above it 1 − Σᵢ>ₖ, so
 * small tail probabilities (the ones p-values are made of) are never the difference of two
 * numbers near 1. At most n + 1 terms, so n up to 10,000 is cheap.
 */
export function binomialCdf(k: number, n: number, p: number): number {
  checkArgs(n, p);
  if (k < 0) return 0;
  if (k >= n) return 1;
  const kk = Math.floor(k);
  if (kk < n * p) {
    let s = 0;
    for (let i = 0; i <= kk; i++) s += binomialPmf(i, n, p);
    return Math.min(1, s);
  }
  let upper = 0;
  for (let i = kk + 1; i <= n; i++) upper += binomialPmf(i, n, p);
  return Math.max(0, 1 - upper);
}

function checkArgs(n: number, p: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n ${n} is not a count`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p ${p} is outside 0..1`);
}
