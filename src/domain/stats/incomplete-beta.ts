import { gammaln } from "simple-statistics";

/**
 * Regularized incomplete beta function Iₓ(a, b) = B(x; a, b) / B(a, b) for 0 ≤ x ≤ 1, a, b > 0,
 * by its continued fraction (DLMF 8.17.22; evaluated with the modified Lentz method as in
 * Press et al., Numerical Recipes, 3rd ed., 2007, §6.4):
 *
 *   Iₓ(a, b) = xᵃ(1 − x)ᵇ / (a·B(a, b)) · 1/(1 + d₁/(1 + d₂/(1 + …)))
 *   d₂ₘ₊₁ = −(a + m)(a + b + m)x / ((a + 2m)(a + 2m + 1)),  d₂ₘ = m(b − m)x / ((a + 2m − 1)(a + 2m))
 *
 * The fraction converges fast for x < (a + 1)/(a + b + 2); otherwise the symmetry
 * Iₓ(a, b) = 1 − I₁₋ₓ(b, a) is used. ln B(a, b) comes from simple-statistics' `gammaln`.
 * simple-statistics has no incomplete beta (nor a Student's t distribution), hence this file.
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`beta parameters ${a}, ${b} must be positive`);
  if (!(x >= 0 && x <= 1)) throw new RangeError(`x ${x} is outside 0..1`);
  if (x === 0) return 0;
  if (x === 1) return 1;
  const logFront = a * Math.log(x) + b * Math.log1p(-x) - (gammaln(a) + gammaln(b) - gammaln(a + b));
  if (x < (a + 1) / (a + b + 2)) return (Math.exp(logFront) * betaContinuedFraction(x, a, b)) / a;
  return 1 - (Math.exp(logFront) * betaContinuedFraction(1 - x, b, a)) / b;
}

const TINY = 1e-300;
const EPS = 1e-16;
const MAX_ITERATIONS = 100_000;

function betaContinuedFraction(x: number, a: number, b: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    // Even step.
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    // Odd step.
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return h;
  }
  return h; // Not reached for the parameters this module uses (a, b ≤ ~10⁶).
}
