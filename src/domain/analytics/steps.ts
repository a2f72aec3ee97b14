import { wilson } from "../stats/wilson";
import { passRateBars, type GroupBarRow } from "./bars";
import type { PassCount } from "./configs";

/** Runs and passes per (session, config, task group, held out), as SQL aggregates them. */
export interface StepFacts {
  sessionId: string;
  configId: string;
  group: string;
  heldOut: boolean;
  runs: number;
  passed: number;
}
/** Medians per (session, config), from SQL. */
export interface StepCostFacts {
  sessionId: string;
  configId: string;
  medianStartupTokens: number | null;
  medianLoadMs: number | null;
}
/** Runs of one (session, config) pair, with what orders it: for the picker and the default steps. */
export interface PairFacts {
  sessionId: string;
  sessionName: string;
  /** Session creation time (ms): recency breaks ties, and orders the default steps. */
  createdAt: number;
  configId: string;
  /** The config's position in the session's own config list (-1 when absent), the suite's order. */
  configOrder: number;
  runs: number;
}

/** A step: the (session, config) pair whose runs it reads. */
export interface StepPick {
  sessionId: string;
  configId: string;
}

export interface Step {
  index: number;
  sessionId: string;
  sessionName: string;
  configId: string;
  /** Every config the step's session ran, most runs first. */
  options: { configId: string; runs: number }[];
  /** Named in the address (`step=`), not a default. */
  picked: boolean;
  label: string;
  all: PassCount;
  needsFiles: PassCount;
  noFiles: PassCount;
  heldOut: PassCount;
  medianStartupTokens: number | null;
  medianLoadMs: number | null;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const count = (runs: number, passed: number): PassCount => ({ runs, passed, wilson: wilson(passed, runs) });
/** Newer first: created later, ties to the larger id (ULIDs sort by time). */
const newerFirst = (a: PairFacts, b: PairFacts) => b.createdAt - a.createdAt || byId(b.sessionId, a.sessionId);

/** `"<session>:<config>"`, the form a step takes in the address. */
export const stepKey = (p: StepPick) => `${p.sessionId}:${p.configId}`;

/**
 * `step=<sessionId>:<configId>` values from the address, in order, repeats dropped; malformed
 * ones (no colon, or nothing on one side) are ignored. A session id holds no colon (ULIDs), so
 * the first colon splits; config ids may hold one.
 */
export function parseSteps(values: readonly string[]): StepPick[] {
  const out: StepPick[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    const i = v.indexOf(":");
    if (i <= 0 || i >= v.length - 1) continue;
    const pick = { sessionId: v.slice(0, i), configId: v.slice(i + 1) };
    if (seen.has(stepKey(pick))) continue;
    seen.add(stepKey(pick));
    out.push(pick);
  }
  return out;
}

/**
 * The steps shown before the researcher picks any: one per config of the selected sessions,
 * read from the session with the most runs of it, ties to the newest session (never to an id
 * order or a run-count tie between configs). Steps run in the order the sessions were created,
 * and within one session in the order the session listed its configs (the suite's order, which
 * is how ablations are written), then by config id.
 */
export function defaultSteps(pairs: readonly PairFacts[]): StepPick[] {
  const best = new Map<string, PairFacts>();
  for (const p of pairs) {
    if (p.runs <= 0) continue;
    const cur = best.get(p.configId);
    if (!cur || p.runs > cur.runs || (p.runs === cur.runs && newerFirst(p, cur) < 0)) best.set(p.configId, p);
  }
  const order = (p: PairFacts) => (p.configOrder < 0 ? Number.MAX_SAFE_INTEGER : p.configOrder);
  return [...best.values()]
    .sort(
      (a, b) =>
        a.createdAt - b.createdAt ||
        byId(a.sessionId, b.sessionId) ||
        order(a) - order(b) ||
        byId(a.configId, b.configId),
    )
    .map((p) => ({ sessionId: p.sessionId, configId: p.configId }));
}

/** The picker's choices: every pair with runs, newest session first, then its configs in order. */
export function pairOptions(pairs: readonly PairFacts[]) {
  const order = (p: PairFacts) => (p.configOrder < 0 ? Number.MAX_SAFE_INTEGER : p.configOrder);
  return [...pairs]
    .filter((p) => p.runs > 0)
    .sort((a, b) => newerFirst(a, b) || order(a) - order(b) || byId(a.configId, b.configId))
    .map((p) => ({ sessionId: p.sessionId, sessionName: p.sessionName, configId: p.configId, runs: p.runs }));
}

/**
 * The chosen (session, config) pairs read as ablation steps (the study's Figure 11), in order:
 * each pair's pass rate overall, on tasks that need files (files + multi-step), on tasks that
 * need none, and on held-out tasks (Wilson 95%), plus its median start-up tokens and load time.
 * Pairs without runs in the selection are skipped and listed in `missing` as `session:config`.
 */
export function buildSteps(
  picks: readonly StepPick[],
  pairs: readonly PairFacts[],
  facts: readonly StepFacts[],
  costs: readonly StepCostFacts[],
  named: boolean,
) {
  const steps: Step[] = [];
  const missing: string[] = [];
  for (const pick of picks) {
    const rows = facts.filter((f) => f.sessionId === pick.sessionId && f.configId === pick.configId);
    const info = pairs.find((p) => p.sessionId === pick.sessionId);
    if (!rows.length || !info) {
      missing.push(stepKey(pick));
      continue;
    }
    const sum = (pred: (f: StepFacts) => boolean) => {
      let runs = 0;
      let passed = 0;
      for (const f of rows) {
        if (pred(f)) {
          runs += f.runs;
          passed += f.passed;
        }
      }
      return count(runs, passed);
    };
    const cost = costs.find((c) => c.sessionId === pick.sessionId && c.configId === pick.configId);
    const index = steps.length + 1;
    steps.push({
      index,
      sessionId: pick.sessionId,
      sessionName: info.sessionName,
      configId: pick.configId,
      options: pairs
        .filter((p) => p.sessionId === pick.sessionId && p.runs > 0)
        .map((p) => ({ configId: p.configId, runs: p.runs }))
        .sort((a, b) => b.runs - a.runs || byId(a.configId, b.configId)),
      picked: named,
      label: `${index}. ${pick.configId}`,
      all: sum(() => true),
      needsFiles: sum((f) => f.group === "files" || f.group === "multi_step"),
      noFiles: sum((f) => f.group === "no_files"),
      heldOut: sum((f) => f.heldOut),
      medianStartupTokens: cost?.medianStartupTokens ?? null,
      medianLoadMs: cost?.medianLoadMs ?? null,
    });
  }
  // Steps from several sessions say which session each is, so two of one config stay apart.
  if (new Set(steps.map((s) => s.sessionId)).size > 1)
    for (const s of steps) s.label = `${s.index}. ${s.configId} · ${s.sessionName}`;
  return { steps, missing };
}

/** The pass-rate bars of the steps (one x position per step), for PassByGroupChart. */
export function stepBars(steps: readonly Step[]): GroupBarRow[] {
  return passRateBars(
    steps.map((s) => ({
      configId: s.label,
      series: { needsFiles: s.needsFiles, noFiles: s.noFiles, heldOut: s.heldOut },
    })),
  );
}

/** The cost bars of the steps: median start-up tokens (whole) and load time in seconds (0.1 s). */
export function stepCostRows(steps: readonly Step[]) {
  return steps.map((s) => ({
    label: s.label,
    startupTokens: s.medianStartupTokens === null ? null : Math.round(s.medianStartupTokens),
    loadS: s.medianLoadMs === null ? null : Math.round(s.medianLoadMs / 100) / 10,
  }));
}
