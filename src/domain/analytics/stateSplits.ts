import { median } from "../stats/descriptive";
import { olsFit, olsFromMoments, type OlsFit } from "../stats/regression";
import { momentsFromPowerSums, type PowerSums } from "../stats/powerSums";
import { pushTo } from "../pushTo";

/** One run's latency facts with the phone's state at its start (trace `conditions`). */
export interface StateRun {
  thermalAtStart: string | null;
  charging: boolean | null;
  loadMs: number;
  turns: readonly { promptTokens: number; ttftMs: number; decodeMs: number }[];
}

export interface StateGroup {
  /** `nominal` … `critical`, `charging`, `on battery`, or `not reported`. */
  state: string;
  runs: number;
  turns: number;
  medianLoadMs: number | null;
  /** Median over every turn of the group of ttftMs + decodeMs. */
  medianTurnMs: number | null;
  /** OLS of ttftMs on promptTokens over the group's turns (null below three turns or one prompt length). */
  ttft: { n: number; slopeMsPerToken: number; interceptMs: number; slopeCi: [number, number] } | null;
}

export interface StateSplits {
  thermal: StateGroup[];
  charging: StateGroup[];
  /** A sentence when the selection mixes states (so its pooled figures blend them), else null. */
  warning: string | null;
}

const THERMAL_ORDER = ["nominal", "fair", "serious", "critical", "not reported"];
const CHARGING_ORDER = ["on battery", "charging", "not reported"];

function group(state: string, runs: readonly StateRun[]): StateGroup {
  const turns = runs.flatMap((r) => r.turns);
  const fit = olsFit(turns.map((t) => ({ x: t.promptTokens, y: t.ttftMs })));
  return {
    state,
    runs: runs.length,
    turns: turns.length,
    medianLoadMs: median(runs.map((r) => r.loadMs)),
    medianTurnMs: median(turns.map((t) => t.ttftMs + t.decodeMs)),
    ttft: ttftOf(fit),
  };
}

const ttftOf = (fit: OlsFit | null): StateGroup["ttft"] =>
  fit ? { n: fit.n, slopeMsPerToken: fit.slope, interceptMs: fit.intercept, slopeCi: fit.slopeCi } : null;

/**
 * One state's figures already summed by the database (issue 22, ADR 12): its runs, its turns' power
 * sums (n, Σ prompt, Σ TTFT, Σ prompt², Σ prompt × TTFT, Σ TTFT²) and its two medians.
 */
export interface StateFacts {
  state: string;
  runs: number;
  sums: PowerSums;
  medianLoadMs: number | null;
  medianTurnMs: number | null;
}

/** `group`'s figures from sums: the same OLS from exact integer moments instead of the points. */
export function groupFromFacts(f: StateFacts): StateGroup {
  return {
    state: f.state,
    runs: f.runs,
    turns: Number(f.sums.n),
    medianLoadMs: f.medianLoadMs,
    medianTurnMs: f.medianTurnMs,
    ttft: ttftOf(olsFromMoments(momentsFromPowerSums(f.sums))),
  };
}

/** States in the order the figures list them: the known ones in `order`, others before "not reported", by name. */
function ordered<T extends { state: string }>(groups: T[], order: readonly string[]): T[] {
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length - 1.5);
  return groups.sort((a, b) => rank(a.state) - rank(b.state) || (a.state < b.state ? -1 : 1));
}

function split(runs: readonly StateRun[], key: (r: StateRun) => string, order: readonly string[]): StateGroup[] {
  const by = new Map<string, StateRun[]>();
  for (const r of runs) pushTo(by, key(r), r);
  return ordered(
    [...by.keys()].map((state) => ({ state })),
    order,
  ).map(({ state }) => group(state, by.get(state)!));
}

const counts = (groups: StateGroup[]) => groups.map((g) => `${g.state} ${g.runs}`).join(", ");

/**
 * TTFT fit, load and turn times split by thermal state at start and by charging, with counts
 * (issue 20.2). A hot or charging phone is slower, so a selection that mixes states blends them:
 * the warning says so, like the cross-session warnings of a comparison.
 */
export function stateSplits(runs: readonly StateRun[]): StateSplits {
  const thermal = split(runs, (r) => r.thermalAtStart ?? "not reported", THERMAL_ORDER);
  const charging = split(
    runs,
    (r) => (r.charging === null ? "not reported" : r.charging ? "charging" : "on battery"),
    CHARGING_ORDER,
  );
  return { thermal, charging, warning: mixWarning(thermal, charging) };
}

/**
 * `stateSplits` from each state's sums (the states view over the columnar copy reads no turn):
 * the thermal states keyed as `thermalAtStart ?? "not reported"`, charging as "charging", "on
 * battery" or "not reported", each state's row as `groupFromFacts` gives it.
 */
export function stateSplitsFromFacts(thermal: StateFacts[], charging: StateFacts[]): StateSplits {
  const t = ordered([...thermal], THERMAL_ORDER).map(groupFromFacts);
  const c = ordered([...charging], CHARGING_ORDER).map(groupFromFacts);
  return { thermal: t, charging: c, warning: mixWarning(t, c) };
}

function mixWarning(thermal: StateGroup[], charging: StateGroup[]): string | null {
  const mixed = [
    thermal.length > 1 ? `thermal states at start (${counts(thermal)} runs)` : null,
    charging.length > 1 ? `charging states (${counts(charging)} runs)` : null,
  ].filter((s): s is string => s !== null);
  return mixed.length
    ? `This selection mixes ${mixed.join(" and ")}, so its latency figures blend them; filter by thermal state or charging, or read the split by state.`
    : null;
}
