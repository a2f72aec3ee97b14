/** The quantiles the headroom view shows, as percent ranks (nearest-rank, computed in SQL). */
export const HEADROOM_QUANTILES = [0, 10, 25, 50, 75, 90, 100] as const;
export type Quantiles = Record<(typeof HEADROOM_QUANTILES)[number], number>;

export interface HeadroomFacts {
  configId: string;
  runs: number;
  contextWindow: number;
  /** contextWindow − load.startupTokens, per run: what the harness leaves for the task. */
  afterStartup: Quantiles;
  /** contextWindow − peakContextTokens, per run: what was still free at the fullest point. */
  atPeak: Quantiles;
  overflowed: number;
  contextFull: number;
}

/**
 * Nearest-rank quantile position (1-based) for percent rank k of n values: ⌈k·n/100⌉, at least 1
 * (Hyndman & Fan 1996, definition 1). The SQL computes the same with integer arithmetic.
 */
export function nearestRank(k: number, n: number): number {
  return Math.max(1, Math.ceil((k * n) / 100));
}

/** Nearest-rank quantiles of a list (for tests and small lists; the service does this in SQL). */
export function quantiles(values: readonly number[]): Quantiles | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const out = {} as Quantiles;
  for (const k of HEADROOM_QUANTILES) out[k] = s[nearestRank(k, s.length) - 1];
  return out;
}

/** Percent positions on a 0..window axis (clamped) for the p10–p90 band, the quartile box and the median. */
export function bandPositions(q: Quantiles, contextWindow: number) {
  const pos = (v: number) => Math.min(100, Math.max(0, (v / contextWindow) * 100));
  return {
    whiskerFrom: pos(q[10]),
    whiskerTo: pos(q[90]),
    boxFrom: pos(q[25]),
    boxTo: pos(q[75]),
    median: pos(q[50]),
  };
}
