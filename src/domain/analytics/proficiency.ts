import { passAtK, passHatK } from "../stats/pass-at-k";
import { wilson } from "../stats/wilson";

/** Runs and passes per (config, task), from SQL. */
export interface TaskRunFacts {
  configId: string;
  taskId: string;
  runs: number;
  passed: number;
}
/** Per-config sums from SQL; `repeats` is the largest repeats setting of the sessions that ran it. */
export interface UsageFacts {
  configId: string;
  runs: number;
  repeats: number;
  repatches: number;
  outputTokens: number;
  promptTokens: number;
}
/** Per config with context management (its config document's `components.context` is not "none"). */
export interface ContextFacts {
  configId: string;
  context: string;
  runs: number;
  overflowRuns: number;
  elide: number;
  summarize: number;
  recall: number;
}

export interface ProficiencyRow {
  configId: string;
  /** The k of pass^k: the sessions' repeats setting. */
  k: number;
  tasks: number;
  /** Tasks with at least k runs, over which pass^k is averaged. */
  tasksWithK: number;
  passAt1: number | null;
  passHatK: number | null;
  runs: number;
  repatchesPerRun: number | null;
  outputTokensPerRun: number | null;
  promptTokensPerRun: number | null;
}

export interface ContextRow extends ContextFacts {
  overflowRate: number | null;
  overflowWilson: [number, number] | null;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
const per = (total: number, runs: number) => (runs ? total / runs : null);

/**
 * The local-agent proficiency check per config (seed 004): pass@1 and pass^k are computed per
 * task from its n runs and c passes with the unbiased estimators (`passAtK`, `passHatK`), then
 * averaged over tasks with equal weight (a macro average: a task run 6 times counts as much as
 * one run 3 times). k is the sessions' repeats setting; a task with fewer than k runs (lost
 * jobs) is left out of pass^k only. Re-patches and tokens are means per run (one run = one
 * attempt at a task); prompt tokens are the new tokens sent over all of a run's turns.
 * Configs in id order.
 */
export function proficiencyRows(tasks: readonly TaskRunFacts[], usage: readonly UsageFacts[]): ProficiencyRow[] {
  return [...usage]
    .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0))
    .map((u) => {
      const mine = tasks.filter((t) => t.configId === u.configId && t.runs > 0);
      const k = Math.max(1, u.repeats);
      const hat = mine.map((t) => passHatK(t.runs, t.passed, k)).filter((x): x is number => x !== null);
      return {
        configId: u.configId,
        k,
        tasks: mine.length,
        tasksWithK: hat.length,
        passAt1: mean(mine.map((t) => passAtK(t.runs, t.passed, 1)!)),
        passHatK: mean(hat),
        runs: u.runs,
        repatchesPerRun: per(u.repatches, u.runs),
        outputTokensPerRun: per(u.outputTokens, u.runs),
        promptTokensPerRun: per(u.promptTokens, u.runs),
      };
    });
}

/**
 * Context management per config: the overflow rate (runs that ended with the context full or
 * logged an overflow event, over runs; Wilson 95%) and the elide / summarize / recall event
 * totals. Configs without context management never reach here (the SQL keeps them out).
 */
export function contextRows(facts: readonly ContextFacts[]): ContextRow[] {
  return [...facts]
    .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0))
    .map((f) => ({ ...f, overflowRate: per(f.overflowRuns, f.runs), overflowWilson: wilson(f.overflowRuns, f.runs) }));
}

/** "1.3": a mean shown with `digits` decimals; "–" when missing. */
export function fixed(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined || !Number.isFinite(x) ? "–" : x.toFixed(digits);
}
