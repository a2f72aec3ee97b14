import { compareSides, methodSentence, type TaskPassFacts } from "../analytics/compare";
import { familyTable, pairResult } from "../analytics/family";
import { nullRejectionSentence } from "../stats/null-calibration";
import { calibrationArm } from "./calibration";

/** One (config, task, repeat) cell of a session: its scored runs and passes. */
export interface SessionCell {
  configId: string;
  taskId: string;
  repeat: number;
  runs: number;
  passed: number;
}

export interface SessionComparisonRow {
  /** "files" or "files, arm 1". */
  a: string;
  b: string;
  tasks: number;
  improved: number;
  degraded: number;
  /** Mean over tasks of b's pass share minus a's; null with no shared task. */
  difference: number | null;
  permutationP: number;
  permutationPAdjusted: number;
}

export interface SessionComparisons {
  /** "configs": each config against the session's first; "arms": a calibration session's arm 2 against arm 1. */
  kind: "configs" | "arms";
  rows: SessionComparisonRow[];
  /** The unit and the test in one sentence (of the first row; every row uses the same test). */
  method: string | null;
  /** The first row's A/A rejection rate under the label-permutation null, as a sentence. */
  calibration: string | null;
}

function pairFacts(
  cells: readonly SessionCell[],
  isA: (c: SessionCell) => boolean,
  isB: (c: SessionCell) => boolean,
): TaskPassFacts[] {
  const byTask = new Map<string, TaskPassFacts>();
  for (const c of cells) {
    const inA = isA(c);
    const inB = isB(c);
    if (!inA && !inB) continue;
    const t = byTask.get(c.taskId) ?? { taskId: c.taskId, aRuns: 0, aPassed: 0, bRuns: 0, bPassed: 0 };
    if (inA) {
      t.aRuns += c.runs;
      t.aPassed += c.passed;
    }
    if (inB) {
      t.bRuns += c.runs;
      t.bPassed += c.passed;
    }
    byTask.set(c.taskId, t);
  }
  return [...byTask.values()];
}

/**
 * What the session page says about its configs, with the task as the unit (the same tests as
 * Compare): each config against the first one the session lists, or, for a declared A/A
 * calibration, arm 2 against arm 1 (repeats by parity), where any "significant" difference is a
 * false positive. Benjamini–Hochberg across the rows. Empty rows with fewer than two sides.
 */
export function sessionComparisons(
  configIds: readonly string[],
  cells: readonly SessionCell[],
  calibration: boolean,
): SessionComparisons {
  const present = configIds.filter((c) => cells.some((x) => x.configId === c && x.runs > 0));
  const pairs: [string, string, TaskPassFacts[]][] = calibration
    ? present.slice(0, 1).map((c) => [
        `${c}, arm 1`,
        `${c}, arm 2`,
        pairFacts(
          cells,
          (x) => x.configId === c && calibrationArm(x.repeat) === 1,
          (x) => x.configId === c && calibrationArm(x.repeat) === 2,
        ),
      ])
    : present.slice(1).map((b) => [
        present[0],
        b,
        pairFacts(
          cells,
          (x) => x.configId === present[0],
          (x) => x.configId === b,
        ),
      ]);
  const results = pairs.map(([a, b, tasks]) => ({ a, b, c: compareSides(tasks) }));
  const table = familyTable(results.map(({ a, b, c }) => pairResult(a, b, c)));
  const first = results[0]?.c;
  return {
    kind: calibration ? "arms" : "configs",
    rows: table.map((r, i) => ({
      a: r.a,
      b: r.b,
      tasks: r.tasks,
      improved: r.improved,
      degraded: r.degraded,
      difference: results[i].c.difference,
      permutationP: r.permutationP,
      permutationPAdjusted: r.permutationPAdjusted,
    })),
    method: first ? methodSentence(first.taskCount, first.permutation) : null,
    calibration: first ? nullRejectionSentence(first.calibration, "the permutation test") : null,
  };
}
