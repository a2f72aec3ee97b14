import { clustering, type Cluster } from "../stats/icc";
import { wilson, wilsonEffective } from "../stats/wilson";

/** Counts per config, as the database aggregates them. */
export interface ConfigFacts {
  configId: string;
  runs: number;
  passed: number;
  looping: number;
  contextFull: number;
  toolCalls: number;
  failedToolCalls: number;
  peakContextTokens: number;
  medianStartupTokens: number | null;
  medianLoadMs: number | null;
  medianTtftMs: number | null;
  medianTurnMs: number | null;
}
export interface GroupFacts {
  configId: string;
  group: string;
  runs: number;
  passed: number;
}
export interface OutcomeFacts {
  configId: string;
  outcome: string;
  n: number;
}

/** Runs and passes of one config × task (× group): the clusters of the repeats-aware figures. */
export interface TaskCellFacts {
  configId: string;
  group: string;
  taskId: string;
  runs: number;
  passed: number;
}

export interface PassCount {
  runs: number;
  passed: number;
  wilson: [number, number] | null;
}

/** Pass counts that know runs repeat: tasks as clusters (src/domain/stats/icc.ts). */
export interface RepeatsAware {
  /** Tasks with runs. */
  tasks: number;
  icc: number | null;
  designEffect: number | null;
  effectiveN: number | null;
  /** Wilson 95% on the effective n: as wide as the tasks make it. Null with the ICC. */
  wilsonEffective: [number, number] | null;
}

/**
 * The ICC of a set of tasks' verdicts, its design effect, the effective n and the Wilson
 * interval of passed/runs on that n (the plain interval treats every run as independent).
 */
export function repeatsAware(cells: readonly Cluster[]): RepeatsAware {
  const c = clustering(cells);
  const passed = cells.reduce((s, x) => s + x.passed, 0);
  return {
    tasks: c.clusters,
    icc: c.icc,
    designEffect: c.designEffect,
    effectiveN: c.effectiveN,
    wilsonEffective: c.effectiveN === null ? null : wilsonEffective(passed / c.n, c.effectiveN),
  };
}

export interface ConfigSummary extends Omit<ConfigFacts, "contextFull" | "medianStartupTokens">, RepeatsAware {
  passRate: number | null;
  wilson: [number, number] | null;
  byGroup: Record<string, PassCount & RepeatsAware>;
  heldOut: PassCount;
  outcomes: Record<string, number>;
  contextFull: number;
  medianStartupTokens: number | null;
}

const passCount = (runs: number, passed: number): PassCount => ({ runs, passed, wilson: wilson(passed, runs) });

/**
 * The config comparison rows of `/api/analytics/configs` (protocol.md §5): pass rate = passed/runs
 * with its Wilson 95% interval, per task group and for held-out tasks, outcome counts; per config
 * and per group the repeats-aware figures over its tasks (`repeatsAware`); configs in id order
 * (plain code-unit order).
 */
export function summariseConfigs(
  facts: ConfigFacts[],
  groups: GroupFacts[],
  heldOut: { configId: string; runs: number; passed: number }[],
  outcomes: OutcomeFacts[],
  cells: TaskCellFacts[] = [],
): ConfigSummary[] {
  return [...facts]
    .sort((a, b) => (a.configId < b.configId ? -1 : a.configId > b.configId ? 1 : 0))
    .map((f) => {
      const mine = cells.filter((c) => c.configId === f.configId);
      const byGroup: Record<string, PassCount & RepeatsAware> = {};
      for (const g of groups) {
        if (g.configId === f.configId)
          byGroup[g.group] = {
            ...passCount(g.runs, g.passed),
            ...repeatsAware(mine.filter((c) => c.group === g.group)),
          };
      }
      const h = heldOut.find((x) => x.configId === f.configId);
      const out: Record<string, number> = {};
      for (const o of outcomes) if (o.configId === f.configId) out[o.outcome] = o.n;
      return {
        ...f,
        passRate: f.runs ? f.passed / f.runs : null,
        wilson: wilson(f.passed, f.runs),
        ...repeatsAware(mine),
        byGroup,
        heldOut: passCount(h?.runs ?? 0, h?.passed ?? 0),
        outcomes: out,
      };
    });
}
