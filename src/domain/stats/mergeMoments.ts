import type { Moments } from "./regression";

/**
 * The centred sums of the union of disjoint groups from each group's own (n, means, centred sums):
 * Chan, Golub & LeVeque's pairwise update, exact up to rounding,
 *
 *   x̄ = Σ nᵢx̄ᵢ / n,  Sxx = Σ [Sxxᵢ + nᵢ(x̄ᵢ − x̄)²],  Sxy = Σ [Sxyᵢ + nᵢ(x̄ᵢ − x̄)(ȳᵢ − ȳ)],
 *
 * so one pass over the points grouped by device × build gives both the per-build fits and the
 * overall fit (ADR 10: one scan per view). Empty groups add nothing; no group gives n = 0.
 */
export function mergeMoments(groups: readonly Moments[]): Moments {
  const parts = groups.filter((g) => g.n > 0);
  const n = parts.reduce((s, g) => s + g.n, 0);
  if (n === 0) return { n: 0, meanX: 0, meanY: 0, sxx: 0, sxy: 0, syy: 0 };
  const meanX = parts.reduce((s, g) => s + g.n * g.meanX, 0) / n;
  const meanY = parts.reduce((s, g) => s + g.n * g.meanY, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const g of parts) {
    const dx = g.meanX - meanX;
    const dy = g.meanY - meanY;
    sxx += g.sxx + g.n * dx * dx;
    sxy += g.sxy + g.n * dx * dy;
    syy += g.syy + g.n * dy * dy;
  }
  return { n, meanX, meanY, sxx, sxy, syy };
}
