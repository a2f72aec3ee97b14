import type { BuildFit, TtftFitView, TtftPoints } from "./ttft";
import { integer } from "../stats/format";

/** The most points the scatter draws; the fit always uses every point. */
export const MAX_SCATTER_POINTS = 3000;

export interface SamplePlan {
  total: number;
  /** How many rows the SQL sample returns: every row when they fit, else exactly `max`. */
  shown: number;
  sampled: boolean;
}

/**
 * How many of `total` points a deterministic SQL sample keeps: all of them up to `max`, else
 * exactly `max` (the rows with the smallest multiplicative hash of their rowid, so the choice is
 * stable between reloads and spread evenly over sessions and configs).
 */
export function samplePlan(total: number, max = MAX_SCATTER_POINTS): SamplePlan {
  const t = Math.max(0, Math.floor(total));
  const m = Math.max(0, Math.floor(max));
  return { total: t, shown: Math.min(t, m), sampled: t > m };
}

const NOUN: Record<TtftPoints, string> = { turns: "turns", loads: "model loads", all: "points" };

/** "showing 3,000 of 12,400 turns" (or "all 240 turns"): the caption under the scatter. */
export function sampleCaption(plan: SamplePlan, points: TtftPoints = "turns"): string {
  return plan.sampled
    ? `showing ${integer(plan.shown)} of ${integer(plan.total)} ${NOUN[points]}`
    : `all ${integer(plan.total)} ${NOUN[points]}`;
}

export interface ScatterPoint {
  configId: string;
  x: number;
  y: number;
}
export interface ScatterSeries {
  configId: string;
  points: { x: number; y: number }[];
}

/** One series per config (configs in id order), each the points of that config. */
export function scatterSeries(points: ScatterPoint[]): ScatterSeries[] {
  const by = new Map<string, { x: number; y: number }[]>();
  for (const p of points) {
    let s = by.get(p.configId);
    if (!s) by.set(p.configId, (s = []));
    s.push({ x: p.x, y: p.y });
  }
  return [...by.keys()].sort().map((configId) => ({ configId, points: by.get(configId)! }));
}

/**
 * The fitted line as two points spanning [0, xMax], where xMax covers both the data and every
 * reference line (so a config's start-up marker always meets the line). Null without a fit.
 */
export function fitLine(
  fit: Pick<TtftFitView, "slopeMsPerToken" | "interceptMs"> | null,
  xs: number[],
): { x: number; y: number }[] | null {
  if (!fit) return null;
  const finite = xs.filter((x) => Number.isFinite(x));
  const xMax = finite.length ? Math.max(...finite) : 0;
  if (!(xMax > 0)) return null;
  return [0, xMax].map((x) => ({ x, y: fit.interceptMs + fit.slopeMsPerToken * x }));
}

/** "5.20 s": a slope in ms per token shown as seconds per 1,000 tokens (ms/token × 1000 / 1000). */
export const perThousand = (msPerToken: number): string => `${msPerToken.toFixed(2)} s`;

/** "5.15–5.25 s": a slope interval per 1,000 tokens. */
export const ciText = (ci: readonly [number, number]): string => `${ci[0].toFixed(2)}–${ci[1].toFixed(2)} s`;

/** "+0.80 s" / "−0.10 s": a slope change per 1,000 tokens with its sign. */
export const slopeChange = (msPerToken: number): string =>
  `${msPerToken < 0 ? "−" : "+"}${perThousand(Math.abs(msPerToken))}`;

/** "= 0.021", "< 0.001": a p-value for a sentence. */
export function pValue(p: number): string {
  if (!Number.isFinite(p)) return "–";
  return p < 0.001 ? "< 0.001" : `= ${p.toFixed(3)}`;
}

/** "1.000": R² with three decimals, "–" when undefined (all y equal). */
export const r2Text = (r2: number | null): string => (r2 === null || !Number.isFinite(r2) ? "–" : r2.toFixed(3));

/**
 * The fit caption: slope per 1,000 tokens with its 95% interval, R² and n, e.g.
 * "TTFT grows 5.20 s per 1,000 prompt tokens (95% CI 5.18–5.22 s), R² = 1.000, n = 240".
 */
export function fitCaption(fit: TtftFitView | null, points: TtftPoints = "turns"): string {
  if (!fit)
    return "Too few points, or all at one prompt length, for a least-squares line (it needs three points at two lengths or more).";
  const what = points === "loads" ? "Load time grows" : points === "all" ? "Time grows" : "TTFT grows";
  const tokens =
    points === "loads" ? "start-up tokens" : points === "all" ? "prompt or start-up tokens" : "prompt tokens";
  return `${what} ${perThousand(fit.slopeMsPerToken)} per 1,000 ${tokens} (95% CI ${ciText(fit.slopeCi)}), R² = ${r2Text(fit.r2)}, n = ${integer(fit.n)}`;
}

/**
 * One sentence per build whose TTFT slope is significantly larger than the previous build's on
 * the same device (the flag `buildFits` computes).
 */
export function regressionWarnings(builds: BuildFit[]): string[] {
  return builds
    .filter((b) => b.vsPrevious?.regression)
    .map(
      (b) =>
        `TTFT regression: build ${b.build} on device ${b.device} is slower per token than build ${b.vsPrevious!.build} (${slopeChange(b.vsPrevious!.diffMsPerToken)} per 1,000 tokens, p ${pValue(b.vsPrevious!.p)}).`,
    );
}
