import { integer } from "../stats/format";
import { niceStep } from "./axis";

/**
 * The scatter's x-range fitted to its points: from the nice step at or below the smallest x to
 * the one at or above the largest, the step being a nice fifth of the span (27.2 → 50). It used
 * to start at 0 and stretch to the start-up markers, so 200-token turns sat in the first tenth of
 * a 1,500-token axis. One x (or equal xs) gets a step around a tenth of it; no points, [0, 100].
 */
export function xDomain(xs: readonly number[]): [number, number] {
  const finite = xs.filter((x) => Number.isFinite(x));
  if (!finite.length) return [0, 100];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const step = niceStep(max > min ? (max - min) / 5 : Math.max(1, Math.abs(max) / 10));
  const lo = Math.floor(min / step) * step;
  let hi = Math.ceil(max / step) * step;
  if (hi <= lo) hi = lo + step;
  return [Math.max(0, lo), hi];
}

/** The least-squares line drawn across the x-range only (ms = intercept + slope × tokens); null without a fit. */
export function fitSegment(
  fit: { slopeMsPerToken: number; interceptMs: number } | null,
  domain: readonly [number, number],
): { x: number; y: number }[] | null {
  if (!fit) return null;
  return domain.map((x) => ({ x, y: fit.interceptMs + fit.slopeMsPerToken * x }));
}

/** Start-up markers inside the x-range (drawn) and the sentence naming those outside it, or null. */
export function splitRefs<R extends { configId: string; tokens: number }>(
  refs: readonly R[],
  domain: readonly [number, number],
): { inside: R[]; note: string | null } {
  const inside = refs.filter((r) => r.tokens >= domain[0] && r.tokens <= domain[1]);
  const outside = refs.filter((r) => !inside.includes(r));
  if (!outside.length) return { inside, note: null };
  const list = outside.map((r) => `${r.configId} (${integer(r.tokens)} tokens)`).join(", ");
  const one = outside.length === 1;
  return {
    inside,
    note: `The start-up marker${one ? "" : "s"} of ${list} ${one ? "lies" : "lie"} beyond these points; “Model loads” or “Both” shows ${one ? "it" : "them"}.`,
  };
}
