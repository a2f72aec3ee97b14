/** Two-sided 95% normal quantile, z = Φ⁻¹(0.975). */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a binomial proportion (Wilson 1927, JASA 22:209–212):
 *
 *   centre = (p̂ + z²/2n) / (1 + z²/n),  half = z·√(p̂(1−p̂)/n + z²/4n²) / (1 + z²/n)
 *
 * It stays inside [0, 1] and is well behaved at 0/n and n/n, unlike the Wald interval.
 * Returns null for n = 0, where no interval exists.
 */
export function wilson(successes: number, n: number, z: number = Z95): [number, number] | null {
  if (!Number.isInteger(n) || n <= 0) return null;
  if (successes < 0 || successes > n) throw new RangeError(`successes ${successes} is outside 0..${n}`);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Clamp away floating-point dust at the ends (0/n gives -1e-17, not 0).
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The Wilson interval of a proportion p̂ observed on an effective sample size n (not
 * necessarily whole), the same formula as {@link wilson} with n = N / design effect: for
 * clustered binary data, the interval of Korn & Graubard 1998 (Survey Methodology 24:193–201)
 * without their degrees-of-freedom correction. Null for n ≤ 0.
 */
export function wilsonEffective(p: number, n: number, z: number = Z95): [number, number] | null {
  if (!(n > 0) || !Number.isFinite(n)) return null;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`proportion ${p} is outside 0..1`);
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
