/** Runs of one task × config with one call pattern and outcome (SQL GROUP BY). */
export interface PathFacts {
  taskId: string;
  configId: string;
  pattern: string | null;
  outcome: string;
  n: number;
}

export interface PathSummary {
  /** The abstracted call sequence (as in the failure-pattern table); null on old scores. */
  pattern: string | null;
  steps: string[];
  runs: number;
  /** How the runs that followed this path ended: outcome → runs. */
  outcomes: Record<string, number>;
}

export interface TaskTrajectories {
  taskId: string;
  /** Each side's paths, most followed first; the first is the majority path. */
  a: PathSummary[];
  b: PathSummary[];
  /** 1-based step where the two majority paths first differ; null when they are the same (or a side has none). */
  divergesAt: number | null;
}

const SEP = " → ";
const byCode = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function paths(facts: readonly PathFacts[]): PathSummary[] {
  const by = new Map<string, PathSummary>();
  for (const f of facts) {
    const key = f.pattern ?? "\uffff";
    const p = by.get(key) ?? {
      pattern: f.pattern,
      steps: f.pattern === null ? [] : f.pattern.split(SEP),
      runs: 0,
      outcomes: {},
    };
    p.runs += f.n;
    p.outcomes[f.outcome] = (p.outcomes[f.outcome] ?? 0) + f.n;
    by.set(key, p);
  }
  // Ties as in the failure-pattern table: fewer steps, then code-unit order, unknown last.
  return [...by.values()].sort(
    (x, y) =>
      y.runs - x.runs ||
      (x.pattern === null ? 1 : 0) - (y.pattern === null ? 1 : 0) ||
      x.steps.length - y.steps.length ||
      byCode(x.pattern ?? "", y.pattern ?? ""),
  );
}

/**
 * Where two call paths part: the 1-based index of the first step that differs (a step is one
 * abstracted call with its ✓/✗, or the final end label), or null when they are equal. When one
 * path is a prefix of the other, the step after the shorter one's end.
 */
export function firstDivergence(a: readonly string[], b: readonly string[]): number | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i + 1;
  return null;
}

/**
 * A trajectory diff per task between configs a and b: each side's paths with how their runs
 * ended, and the step where the majority paths diverge. Tasks in code-unit order; tasks run on
 * one side only are left out.
 */
export function trajectoryDiff(aFacts: readonly PathFacts[], bFacts: readonly PathFacts[]): TaskTrajectories[] {
  const tasks = [...new Set(aFacts.map((f) => f.taskId))]
    .filter((t) => bFacts.some((f) => f.taskId === t))
    .sort(byCode);
  return tasks.map((taskId) => {
    const a = paths(aFacts.filter((f) => f.taskId === taskId));
    const b = paths(bFacts.filter((f) => f.taskId === taskId));
    const known = a[0]?.pattern != null && b[0]?.pattern != null;
    return { taskId, a, b, divergesAt: known ? firstDivergence(a[0].steps, b[0].steps) : null };
  });
}
