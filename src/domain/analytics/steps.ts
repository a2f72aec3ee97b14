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
export interface SessionInfo {
  id: string;
  name: string;
}

export interface Step {
  index: number;
  sessionId: string;
  sessionName: string;
  configId: string;
  /** Every config the session ran, most runs first, for the picker. */
  options: { configId: string; runs: number }[];
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

/** `pick=<sessionId>:<configId>` values from the address, as a map; malformed ones are ignored. */
export function parsePicks(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values) {
    const i = v.indexOf(":");
    if (i > 0 && i < v.length - 1) out[v.slice(0, i)] = v.slice(i + 1);
  }
  return out;
}

/**
 * A step's main config: the one picked, if the session ran it; else the config with the most
 * runs in the session (an ablation session usually runs one config in full), ties to the lower id.
 */
export function stepConfig(
  options: readonly { configId: string; runs: number }[],
  pick?: string,
): { configId: string; picked: boolean } | null {
  if (pick && options.some((o) => o.configId === pick)) return { configId: pick, picked: true };
  const best = [...options].sort((a, b) => b.runs - a.runs || byId(a.configId, b.configId))[0];
  return best ? { configId: best.configId, picked: false } : null;
}

/**
 * Sessions read as ablation steps (the study's Figure 11): in the given order, each session's
 * main config with its pass rate overall, on tasks that need files (files + multi-step), on
 * tasks that need none, and on held-out tasks (Wilson 95%), plus its median start-up tokens and
 * load time. Sessions without runs in the selection are skipped and listed in `missing`.
 */
export function buildSteps(
  sessions: readonly SessionInfo[],
  facts: readonly StepFacts[],
  costs: readonly StepCostFacts[],
  picks: Record<string, string>,
) {
  const steps: Step[] = [];
  const missing: string[] = [];
  for (const s of sessions) {
    const mine = facts.filter((f) => f.sessionId === s.id);
    const totals = new Map<string, number>();
    for (const f of mine) totals.set(f.configId, (totals.get(f.configId) ?? 0) + f.runs);
    const options = [...totals]
      .map(([configId, runs]) => ({ configId, runs }))
      .sort((a, b) => b.runs - a.runs || byId(a.configId, b.configId));
    const chosen = stepConfig(options, picks[s.id]);
    if (!chosen) {
      missing.push(s.id);
      continue;
    }
    const rows = mine.filter((f) => f.configId === chosen.configId);
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
    const cost = costs.find((c) => c.sessionId === s.id && c.configId === chosen.configId);
    const index = steps.length + 1;
    steps.push({
      index,
      sessionId: s.id,
      sessionName: s.name,
      ...chosen,
      options,
      label: `${index}. ${s.name}`,
      all: sum(() => true),
      needsFiles: sum((f) => f.group === "files" || f.group === "multi_step"),
      noFiles: sum((f) => f.group === "no_files"),
      heldOut: sum((f) => f.heldOut),
      medianStartupTokens: cost?.medianStartupTokens ?? null,
      medianLoadMs: cost?.medianLoadMs ?? null,
    });
  }
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
