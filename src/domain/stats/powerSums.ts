import type { Moments } from "./regression";

/**
 * The raw power sums of a point set, as exact integers: n, Σx, Σy, Σx², Σxy, Σy². Unlike centred
 * sums they add across any partition of the points (runs, devices, builds), so a database can keep
 * them per run and a fit can sum runs instead of reading every turn (ADR 11).
 */
export interface PowerSums {
  n: bigint;
  sx: bigint;
  sy: bigint;
  sxx: bigint;
  sxy: bigint;
  syy: bigint;
}

export const NO_POINTS: PowerSums = { n: 0n, sx: 0n, sy: 0n, sxx: 0n, sxy: 0n, syy: 0n };

export function addPowerSums(a: PowerSums, b: PowerSums): PowerSums {
  return { n: a.n + b.n, sx: a.sx + b.sx, sy: a.sy + b.sy, sxx: a.sxx + b.sxx, sxy: a.sxy + b.sxy, syy: a.syy + b.syy };
}

/**
 * Centred sums from power sums, with the subtraction done in exact integer arithmetic:
 *
 *   Sxx = Σx² − (Σx)²/n = (n·Σx² − (Σx)²) / n,  Sxy = (n·Σxy − Σx·Σy) / n,  Syy = (n·Σy² − (Σy)²) / n
 *
 * The textbook one-pass formula loses digits to cancellation in floating point (Chan, Golub &
 * LeVeque 1983); with BigInt numerators the only roundings are the final conversion and division,
 * so each result is within a few ulps of the exact value. No points: all zero.
 */
export function momentsFromPowerSums(p: PowerSums): Moments {
  if (p.n === 0n) return { n: 0, meanX: 0, meanY: 0, sxx: 0, sxy: 0, syy: 0 };
  const n = Number(p.n);
  const centred = (num: bigint) => Number(num) / n;
  return {
    n,
    meanX: Number(p.sx) / n,
    meanY: Number(p.sy) / n,
    sxx: centred(p.n * p.sxx - p.sx * p.sx),
    sxy: centred(p.n * p.sxy - p.sx * p.sy),
    syy: centred(p.n * p.syy - p.sy * p.sy),
  };
}
