import { pushTo } from "../pushTo";
/** One multi-step run as the database returns it. */
export interface PeakRunFacts {
  runId: string;
  taskId: string;
  configId: string;
  repeat: number;
  peakContextTokens: number;
  contextWindow: number;
  outcome: string;
}

export interface PeakPoint {
  runId: string;
  taskId: string;
  /** Task index on the category axis plus this config's offset within the task's band. */
  x: number;
  y: number;
  contextFull: boolean;
  /** Peak as a share of the run's window (0–1+). */
  share: number | null;
}

export interface PeakSummary {
  configId: string;
  runs: number;
  contextFull: number;
  maxPeak: number;
}

/** What is counted over every run of the selection, whether or not each is drawn. */
export interface PeakTotals {
  tasks: string[];
  /** Distinct context windows of the runs, ascending: one horizontal line each. */
  windows: number[];
  /** Per config, in id order: over every run. */
  summary: PeakSummary[];
}

export interface PeakContextView extends PeakTotals {
  series: { configId: string; points: PeakPoint[] }[];
  /** Runs in the selection; `shown` of them are drawn, a sample when `sampled`. */
  total: number;
  shown: number;
  sampled: boolean;
}

/** Half the width of a task's band that the configs spread over (tasks sit at 0, 1, 2, …). */
const BAND = 0.35;
/** Half the spread of one config's runs of one task, so repeats with equal peaks stay visible. */
const REPEATS = 0.04;

/** Offset of each run among its config's runs of the same task: evenly over ±REPEATS. */
function repeatOffsets(runs: PeakRunFacts[]): Map<PeakRunFacts, number> {
  const groups = new Map<string, PeakRunFacts[]>();
  for (const r of runs) {
    const k = `${r.configId}\u0000${r.taskId}`;
    pushTo(groups, k, r);
  }
  const out = new Map<PeakRunFacts, number>();
  for (const g of groups.values())
    g.forEach((r, i) => out.set(r, g.length < 2 ? 0 : -REPEATS + (2 * REPEATS * i) / (g.length - 1)));
  return out;
}

/**
 * Peak context per run on the multi-step tasks (the study's Figure 6): tasks in the order given
 * (suite order from the caller, else first seen), configs in id order, each config offset within
 * its task's band so the configs sit side by side (and repeats spread slightly within it); runs that ended context_full are flagged (×).
 */
export function peakContextView(runs: PeakRunFacts[]): PeakContextView {
  return peakContextOf(runs, peakTotals(runs), runs.length);
}

/** The tasks (first seen), windows and per-config counts of `runs`. */
export function peakTotals(runs: readonly PeakRunFacts[]): PeakTotals {
  const tasks: string[] = [];
  for (const r of runs) if (!tasks.includes(r.taskId)) tasks.push(r.taskId);
  const configs = [...new Set(runs.map((r) => r.configId))].sort();
  const summary = configs.map((configId) => {
    const mine = runs.filter((r) => r.configId === configId);
    return {
      configId,
      runs: mine.length,
      contextFull: mine.filter((r) => r.outcome === "context_full").length,
      maxPeak: mine.reduce((m, r) => Math.max(m, r.peakContextTokens), 0),
    };
  });
  const windows = [...new Set(runs.map((r) => r.contextWindow))].sort((a, b) => a - b);
  return { tasks, windows, summary };
}

/**
 * The view of `drawn` runs (every run of the selection, or a sample of it) with the totals counted
 * over all `total` runs: the axis, the window lines and the counts never depend on the sample.
 */
export function peakContextOf(drawn: PeakRunFacts[], totals: PeakTotals, total: number): PeakContextView {
  const configs = totals.summary.map((s) => s.configId);
  const spread = repeatOffsets(drawn);
  const offset = (ci: number) => (configs.length < 2 ? 0 : -BAND + (2 * BAND * ci) / (configs.length - 1));
  const series = configs.map((configId, ci) => ({
    configId,
    points: drawn
      .filter((r) => r.configId === configId)
      .map((r) => ({
        runId: r.runId,
        taskId: r.taskId,
        x: totals.tasks.indexOf(r.taskId) + offset(ci) + spread.get(r)!,
        y: r.peakContextTokens,
        contextFull: r.outcome === "context_full",
        share: r.contextWindow > 0 ? r.peakContextTokens / r.contextWindow : null,
      })),
  }));
  return { ...totals, series, total, shown: drawn.length, sampled: drawn.length < total };
}
