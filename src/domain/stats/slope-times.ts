/** A predicted load (or load difference) in ms with its 95% interval. */
export interface Prediction {
  ms: number;
  /** 95% interval, low to high. */
  ci: [number, number];
}

/** A fitted prefill slope (ms per start-up token) and its 95% interval. */
export interface SlopeFit {
  slopeMsPerToken: number;
  slopeCi: [number, number];
}

/**
 * b₁·d with its interval: the slope's interval scaled by d, low to high (d may be negative). The
 * intercept cancels in a difference of two loads, so this is the whole prediction of a token
 * difference; the budget page's line and the analytics' load contrast both use it.
 */
export function slopeTimes(fit: SlopeFit, d: number): Prediction {
  const lo = fit.slopeCi[0] * d;
  const hi = fit.slopeCi[1] * d;
  return { ms: fit.slopeMsPerToken * d, ci: [Math.min(lo, hi), Math.max(lo, hi)] };
}
