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

const NOUN: Record<TtftPoints | "runs", string> = { turns: "turns", loads: "model loads", all: "points", runs: "runs" };

/** "showing 3,000 of 12,400 turns" (or "all 240 turns"): the caption under a sampled scatter. */
export function sampleCaption(plan: SamplePlan, points: TtftPoints | "runs" = "turns"): string {
  return plan.sampled
    ? `showing ${integer(plan.shown)} of ${integer(plan.total)} ${NOUN[points]}`
    : `all ${integer(plan.total)} ${NOUN[points]}`;
}

export interface ScatterPoint {
  configId: string;
  /** The app build (`build.commit`) that ran the turn; absent in points from before builds were kept. */
  build?: string;
  x: number;
  y: number;
}

/** Marker shapes, one per build: colour says the config, shape the build. */
export const BUILD_SHAPES = ["circle", "triangle", "square", "diamond", "cross", "star", "wye"] as const;
export type BuildShape = (typeof BUILD_SHAPES)[number];

export interface ScatterSeries {
  configId: string;
  /** The build of every point in the series; null when the selection has one build (or none recorded). */
  build: string | null;
  /** The legend entry: the config id, with " · build" when builds are told apart. */
  name: string;
  shape: BuildShape;
  points: { x: number; y: number }[];
}

/**
 * One series per config (configs in id order), each the points of that config. When the points
 * come from more than one build, one series per config and build instead, each build with its
 * own marker shape (builds in id order; an eighth build repeats the first shape), so a slower
 * build stands apart from a faster one in the same colour.
 */
export function scatterSeries(points: ScatterPoint[]): ScatterSeries[] {
  const builds = [...new Set(points.map((p) => p.build ?? ""))].sort();
  const split = builds.length > 1;
  const by = new Map<string, ScatterSeries>();
  for (const p of points) {
    const build = split ? (p.build ?? "") : null;
    const key = `${p.configId}\u0000${build ?? ""}`;
    let s = by.get(key);
    if (!s) {
      const shape = BUILD_SHAPES[split ? builds.indexOf(build!) % BUILD_SHAPES.length : 0];
      const name = split ? `${p.configId} · ${build || "no build"}` : p.configId;
      by.set(key, (s = { configId: p.configId, build, name, shape, points: [] }));
    }
    s.points.push({ x: p.x, y: p.y });
  }
  return [...by.keys()].sort().map((k) => by.get(k)!);
}

/** The builds a scatter tells apart with their marker shapes, for the legend; empty with one build. */
export function buildLegend(series: readonly ScatterSeries[]): { build: string; shape: BuildShape }[] {
  const seen = new Map<string, BuildShape>();
  for (const s of series) if (s.build !== null && !seen.has(s.build)) seen.set(s.build, s.shape);
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([build, shape]) => ({ build, shape }));
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

/** "+15.4% [+9.8%, +21.0%]": a relative change with its interval. */
export function changeText(change: number, ci: readonly [number, number]): string {
  const r = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(Math.round(x * 1000) / 10)}%`;
  return `${r(change)} [${r(ci[0])}, ${r(ci[1])}]`;
}

/**
 * One sentence per build whose TTFT slope rose past the margin against the previous build on the
 * same device, its whole interval (standard errors clustered by run) above it: the flag
 * `buildFits` computes.
 */
export function regressionWarnings(builds: BuildFit[]): string[] {
  return builds
    .filter((b) => b.vsPrevious?.regression)
    .map((b) => {
      const v = b.vsPrevious!;
      return `TTFT regression: build ${b.build} on device ${b.deviceLabel ?? b.device} is slower per token than build ${v.build} (${slopeChange(v.diffMsPerToken)} per 1,000 tokens, ${changeText(v.change, v.ci)}, runs as the unit: more than the ${Math.round(v.margin * 100)}% margin).`;
    });
}
