import type { GroupFacts, OutcomeFacts, TaskCellFacts } from "./configs";

/** Counts and sums of the runs of one config × task × group × held-out × outcome (one SQL GROUP BY). */
export interface ConfigCellFacts {
  configId: string;
  taskId: string;
  group: string;
  heldOut: number;
  outcome: string;
  runs: number;
  passed: number;
  looping: number;
  toolCalls: number;
  failedToolCalls: number;
  peakContextTokens: number;
}

const cmp = (a: readonly string[], b: readonly string[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
};

/** Sums `rows` by `key`, in key order (as SQL's GROUP BY returns them). */
function rollUp<T>(
  rows: readonly ConfigCellFacts[],
  key: (r: ConfigCellFacts) => string[],
  init: (r: ConfigCellFacts) => T,
  add: (acc: T, r: ConfigCellFacts) => void,
): T[] {
  const by = new Map<string, { k: string[]; v: T }>();
  for (const r of rows) {
    const k = key(r);
    const id = k.join("\u0000");
    const got = by.get(id);
    if (got) add(got.v, r);
    else by.set(id, { k, v: init(r) });
  }
  return [...by.values()].sort((a, b) => cmp(a.k, b.k)).map((x) => x.v);
}

/**
 * The five fact lists of the configs view (per config, per config × group, held-out per config, per
 * config × outcome, per config × task) from one pass of counts per cell, instead of five scans of
 * the selection (ADR 10). The same numbers and order as the five GROUP BY queries gave.
 */
export function rollUpConfigCells(rows: readonly ConfigCellFacts[]) {
  const base = rollUp(
    rows,
    (r) => [r.configId],
    (r) => ({
      configId: r.configId,
      runs: r.runs,
      passed: r.passed,
      looping: r.looping,
      contextFull: r.outcome === "context_full" ? r.runs : 0,
      toolCalls: r.toolCalls,
      failedToolCalls: r.failedToolCalls,
      peakContextTokens: r.peakContextTokens,
    }),
    (a, r) => {
      a.runs += r.runs;
      a.passed += r.passed;
      a.looping += r.looping;
      a.contextFull += r.outcome === "context_full" ? r.runs : 0;
      a.toolCalls += r.toolCalls;
      a.failedToolCalls += r.failedToolCalls;
      a.peakContextTokens = Math.max(a.peakContextTokens, r.peakContextTokens);
    },
  );
  const count = <T extends { runs: number; passed: number }>(a: T, r: ConfigCellFacts) => {
    a.runs += r.runs;
    a.passed += r.passed;
  };
  const groups: GroupFacts[] = rollUp(
    rows,
    (r) => [r.configId, r.group],
    (r) => ({ configId: r.configId, group: r.group, runs: r.runs, passed: r.passed }),
    count,
  );
  const heldOut = rollUp(
    rows.filter((r) => r.heldOut === 1),
    (r) => [r.configId],
    (r) => ({ configId: r.configId, runs: r.runs, passed: r.passed }),
    count,
  );
  const outcomes: OutcomeFacts[] = rollUp(
    rows,
    (r) => [r.configId, r.outcome],
    (r) => ({ configId: r.configId, outcome: r.outcome, n: r.runs }),
    (a, r) => {
      a.n += r.runs;
    },
  );
  const cells: TaskCellFacts[] = rollUp(
    rows,
    (r) => [r.configId, r.taskId],
    (r) => ({ configId: r.configId, group: r.group, taskId: r.taskId, runs: r.runs, passed: r.passed }),
    (a, r) => {
      count(a, r);
      if (r.group > a.group) a.group = r.group;
    },
  );
  return { base, groups, heldOut, outcomes, cells };
}
