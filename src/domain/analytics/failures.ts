import { pushTo } from "../pushTo";
import { TASK_GROUPS } from "../suite/schema";

/** Failing runs of one task × config with one call pattern (SQL GROUP BY), plus that cell's run count. */
export interface PatternFacts {
  taskId: string;
  group: string;
  configId: string;
  /** Null on scores written before patterns were stored. */
  pattern: string | null;
  n: number;
}
export interface CellRunFacts {
  taskId: string;
  configId: string;
  runs: number;
}

export interface FailurePattern {
  taskId: string;
  group: string;
  configId: string;
  /** All runs of the task × config. */
  runs: number;
  /** Runs that did not pass. */
  failing: number;
  /** The most common pattern among the failing runs. */
  pattern: string | null;
  /** Failing runs that followed it: `following` of `failing`. */
  following: number;
  /** Distinct patterns among the failing runs. */
  patterns: number;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const groupRank = (g: string) => {
  const i = (TASK_GROUPS as readonly string[]).indexOf(g);
  return i < 0 ? TASK_GROUPS.length : i;
};
const steps = (p: string | null) => (p === null ? Infinity : p.split(" → ").length);

/**
 * The study's Table 3: for each task × config with failing runs, the call pattern most of them
 * followed and how many did (k of n failing runs). Ties go to the pattern with fewer steps (the
 * simpler story), then plain code-unit order, so the table is the same on every load; an unknown
 * (null) pattern never wins a tie. Rows by task group, task id, config id.
 */
export function rankFailurePatterns(facts: PatternFacts[], cells: CellRunFacts[]): FailurePattern[] {
  const runs = new Map(cells.map((c) => [`${c.taskId}\u0000${c.configId}`, c.runs]));
  const byCell = new Map<string, PatternFacts[]>();
  for (const f of facts) {
    const key = `${f.taskId}\u0000${f.configId}`;
    pushTo(byCell, key, f);
  }
  const rows: FailurePattern[] = [];
  for (const [key, list] of byCell) {
    const sorted = [...list].sort(
      (a, b) =>
        b.n - a.n || steps(a.pattern) - steps(b.pattern) || byCode(a.pattern ?? "\uffff", b.pattern ?? "\uffff"),
    );
    const top = sorted[0];
    const failing = list.reduce((s, f) => s + f.n, 0);
    rows.push({
      taskId: top.taskId,
      group: top.group,
      configId: top.configId,
      runs: runs.get(key) ?? failing,
      failing,
      pattern: top.pattern,
      following: top.n,
      patterns: list.length,
    });
  }
  return rows.sort(
    (a, b) => groupRank(a.group) - groupRank(b.group) || byCode(a.taskId, b.taskId) || byCode(a.configId, b.configId),
  );
}
