/**
 * Where a pass-rate bar's Wilson whisker and its zero mark go, in plot pixels. A 0/15 bar has no
 * height but still an interval (0 to ~20%): it keeps its whisker and a baseline mark with its
 * count, so it never reads as "no data". Only a bar without runs draws nothing.
 */
export interface RateMark {
  /** Interval ends, 0–1, clamped to [0, 1]; null without an interval. */
  lo: number | null;
  hi: number | null;
  /** Runs but none passed: draw a baseline mark and the count. */
  zero: boolean;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The whisker's ends from a rate and its error relative to it, [rate − lo, hi − rate] (as ErrorBar takes it). */
export function rateMark(rate: number | null, err: readonly [number, number] | null): RateMark {
  if (rate === null) return { lo: null, hi: null, zero: false };
  return {
    lo: err ? clamp01(rate - err[0]) : null,
    hi: err ? clamp01(rate + err[1]) : null,
    zero: rate === 0,
  };
}

/** A value 0–1 in pixels, given where 0 and 1 are drawn (either direction: x grows right, y down). */
export const ratePx = (v: number, at0: number, at1: number) => at0 + v * (at1 - at0);

export interface WhiskerPx {
  /** Pixel positions of the interval's ends along the value axis. */
  from: number;
  to: number;
  /** Pixel position of the bar's end (its rate) along the value axis. */
  bar: number;
}

/** The whisker in pixels, or null when the bar has no interval to show. */
export function whiskerPx(mark: RateMark, rate: number | null, at0: number, at1: number): WhiskerPx | null {
  if (rate === null || mark.lo === null || mark.hi === null) return null;
  return { from: ratePx(mark.lo, at0, at1), to: ratePx(mark.hi, at0, at1), bar: ratePx(rate, at0, at1) };
}
