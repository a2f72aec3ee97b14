/**
 * Quantile of the standard normal distribution, z = Φ⁻¹(p) for 0 < p < 1 (±∞ at 1 and 0), by
 * Acklam's rational approximation (P. J. Acklam, "An algorithm for computing the inverse normal
 * cumulative distribution function", 2003; the same scheme as Wichura 1988, AS 241, with fewer
 * terms): a rational function of q = p − ½ in the central region 0.02425 ≤ p ≤ 0.97575, and of
 * r = √(−2·ln p) in the tails,
 *
 *   central:  z = q·A(q²) / B(q²),   tails:  z = ±C(r) / D(r)
 *
 * with relative error below 1.15·10⁻⁹ over the whole range, far finer than any sample size or
 * interval here needs (z₀.₉₇₅ = 1.959964, z₀.₈ = 0.841621, z₀.₉₉₅ = 2.575829). simple-statistics'
 * `probit` goes through an erf inverse with ~10⁻³ error, too coarse for Connor's n.
 */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`probability ${p} is outside 0..1`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const a = [
    -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1,
    2.506628277459239,
  ];
  const b = [
    -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1,
  ];
  const c = [
    -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const tail = (r: number) =>
    (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5]) /
    ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1);
  if (p < low) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log1p(-p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    (q * (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}
