import { linearRegression, linearRegressionLine, rSquared } from "simple-statistics";
import { studentTQuantile } from "./t-dist";

/** An ordinary least-squares line with its slope's standard error and 95% interval. */
export interface OlsFit {
  n: number;
  slope: number;
  intercept: number;
  /** Coefficient of determination; null when every y is equal (0/0). */
  r2: number | null;
  slopeSe: number;
  slopeCi: [number, number];
}

/**
 * Ordinary least squares of y on x with the classical slope inference (e.g. Draper & Smith
 * 1998, Applied Regression Analysis, 3rd ed., §1.4; Montgomery, Peck & Vining, §2.3):
 *
 *   b₁ = Sxy / Sxx,  b₀ = ȳ − b₁x̄,  s² = SSE / (n − 2),  SE(b₁) = √(s² / Sxx)
 *   CI = b₁ ± t(1 − α/2, n − 2)·SE(b₁),  R² = 1 − SSE / Syy
 *
 * Slope and intercept come from simple-statistics' `linearRegression` (centred sums) and R²
 * from its `rSquared`; it has no standard errors, so SSE and Sxx are summed here.
 * Returns null for fewer than three points (no residual degrees of freedom) or when every x
 * is the same (no slope). r2 is null when every y is the same.
 */
export function olsFit(points: readonly { x: number; y: number }[], confidence = 0.95): OlsFit | null {
  const n = points.length;
  if (n < 3) return null;
  const xy = points.map((p) => [p.x, p.y]);
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  let sxx = 0;
  for (const p of points) sxx += (p.x - meanX) ** 2;
  if (!(sxx > 0)) return null;
  const { m: slope, b: intercept } = linearRegression(xy);
  const line = linearRegressionLine({ m: slope, b: intercept });
  let sse = 0;
  for (const p of points) sse += (p.y - line(p.x)) ** 2;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  const syy = points.reduce((s, p) => s + (p.y - meanY) ** 2, 0);
  const r2 = syy > 0 ? rSquared(xy, line) : null;
  const slopeSe = Math.sqrt(sse / (n - 2) / sxx);
  const t = studentTQuantile(1 - (1 - confidence) / 2, n - 2);
  return { n, slope, intercept, r2, slopeSe, slopeCi: [slope - t * slopeSe, slope + t * slopeSe] };
}

/** The fitted line's value at x: b₀ + b₁·x. */
export function predict(fit: Pick<OlsFit, "slope" | "intercept">, x: number): number {
  return fit.intercept + fit.slope * x;
}

/** Centred sums of a point set, as SQL aggregates them: n, means, Sxx = Σ(x−x̄)², Sxy, Syy. */
export interface Moments {
  n: number;
  meanX: number;
  meanY: number;
  sxx: number;
  sxy: number;
  syy: number;
}

/** The centred sums of points in two passes (means first, then the squares about them); NaN means for none. */
export function centredMoments(points: readonly { x: number; y: number }[]): Moments {
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.x, 0) / n;
  const meanY = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - meanX) ** 2;
    sxy += (p.x - meanX) * (p.y - meanY);
    syy += (p.y - meanY) ** 2;
  }
  return { n, meanX, meanY, sxx, sxy, syy };
}

/**
 * The same least-squares fit as `olsFit`, from centred sums instead of points, so a database
 * can aggregate 100k turns and hand over six numbers:
 *
 *   b₁ = Sxy/Sxx,  b₀ = ȳ − b₁x̄,  SSE = Syy − b₁·Sxy,  R² = 1 − SSE/Syy,  SE(b₁) = √(SSE/(n−2)/Sxx)
 *
 * (Draper & Smith 1998, §1.3–1.4.) Null for n < 3 or Sxx = 0; r2 null when Syy = 0.
 */
export function olsFromMoments(m: Moments, confidence = 0.95): OlsFit | null {
  if (m.n < 3 || !(m.sxx > 0)) return null;
  const slope = m.sxy / m.sxx;
  const intercept = m.meanY - slope * m.meanX;
  // Rounding can leave a hair below zero when the points lie exactly on a line.
  const sse = Math.max(0, m.syy - slope * m.sxy);
  const r2 = m.syy > 0 ? 1 - sse / m.syy : null;
  const slopeSe = Math.sqrt(sse / (m.n - 2) / m.sxx);
  const t = studentTQuantile(1 - (1 - confidence) / 2, m.n - 2);
  return { n: m.n, slope, intercept, r2, slopeSe, slopeCi: [slope - t * slopeSe, slope + t * slopeSe] };
}
