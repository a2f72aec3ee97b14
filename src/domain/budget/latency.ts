import type { Moments } from "../stats/regression";
import { studentTQuantile } from "../stats/t-dist";
import { type Prediction, slopeTimes } from "../stats/slope-times";

/**
 * The prefill line ms = b₀ + b₁·tokens with the classical OLS inference (Draper & Smith 1998,
 * Applied Regression Analysis, 3rd ed., §1.4 and §3.1; Montgomery, Peck & Vining §2.4):
 *
 *   b₁ = Sxy/Sxx,  b₀ = ȳ − b₁x̄,  s² = (Syy − b₁Sxy)/(n − 2)
 *   SE(b₁) = √(s²/Sxx),  SE(b₀) = √(s²(1/n + x̄²/Sxx))
 *   SE(ŷ at x₀) = √(s²(1/n + (x₀ − x̄)²/Sxx))      (the mean load at x₀, not one load)
 *
 * and 95% intervals b ± t(0.975, n − 2)·SE. Null for n < 3 or Sxx = 0.
 */
export interface PrefillModel {
  n: number;
  slopeMsPerToken: number;
  interceptMs: number;
  slopeCi: [number, number];
  interceptCi: [number, number];
  /** Residual variance s², the mean x and Sxx: what a prediction interval needs. */
  s2: number;
  meanX: number;
  sxx: number;
  /** t(1 − α/2, n − 2). */
  t: number;
}

export function prefillModel(m: Moments, confidence = 0.95): PrefillModel | null {
  if (!(m.n >= 3) || !(m.sxx > 0)) return null;
  const slope = m.sxy / m.sxx;
  const intercept = m.meanY - slope * m.meanX;
  // Rounding can leave a hair below zero when the points lie exactly on a line.
  const s2 = Math.max(0, m.syy - slope * m.sxy) / (m.n - 2);
  const t = studentTQuantile(1 - (1 - confidence) / 2, m.n - 2);
  const seSlope = Math.sqrt(s2 / m.sxx);
  const seIntercept = Math.sqrt(s2 * (1 / m.n + (m.meanX * m.meanX) / m.sxx));
  return {
    n: m.n,
    slopeMsPerToken: slope,
    interceptMs: intercept,
    slopeCi: [slope - t * seSlope, slope + t * seSlope],
    interceptCi: [intercept - t * seIntercept, intercept + t * seIntercept],
    s2,
    meanX: m.meanX,
    sxx: m.sxx,
    t,
  };
}

/** Predicted load for `tokens` start-up tokens: b₀ + b₁·tokens, with the interval of the mean. */
export function predictLoad(model: PrefillModel, tokens: number): Prediction {
  const ms = model.interceptMs + model.slopeMsPerToken * tokens;
  const se = Math.sqrt(model.s2 * (1 / model.n + (tokens - model.meanX) ** 2 / model.sxx));
  return { ms, ci: [ms - model.t * se, ms + model.t * se] };
}

/**
 * Predicted extra load of `tokensA` over `tokensB`: b₁·(A − B); the intercept cancels, so the
 * interval is the slope's interval times the token difference (ordered low to high).
 */
export function predictDifference(model: PrefillModel, tokensA: number, tokensB: number): Prediction {
  return slopeTimes(model, tokensA - tokensB);
}

/** Tokens of the window left for the task after start-up, and that as a share of the window (may be negative). */
export function windowLeft(contextWindow: number, startupTokens: number): { tokens: number; share: number } {
  const tokens = contextWindow - startupTokens;
  return { tokens, share: contextWindow > 0 ? tokens / contextWindow : 0 };
}
