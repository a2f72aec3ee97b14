import { mcnemarExact } from "./mcnemar";

/** One task's runs and passes on either side. */
export interface TaskCounts {
  aRuns: number;
  aPassed: number;
  bRuns: number;
  bPassed: number;
}

/** The 2×2 table of task-paired majority verdicts, and the tasks with no majority on a side. */
export interface TaskPairedTable {
  /** Tasks that passed (by majority of their repeats) on both sides. */
  both: number;
  /** Passed on a, failed on b (McNemar's b). */
  aOnly: number;
  /** Failed on a, passed on b (McNemar's c). */
  bOnly: number;
  neither: number;
  /** Tasks whose repeats split exactly in half on a side: no verdict, left out of the table. */
  undecided: number;
}

/** A side's verdict for a task: pass when more than half its repeats passed, fail when fewer, null on a tie. */
function majority(passed: number, runs: number): boolean | null {
  return 2 * passed > runs ? true : 2 * passed < runs ? false : null;
}

/**
 * The study's McNemar test on task-paired outcomes (seed 003: "pairing uses whether the same task
 * changes from success to failure or vice versa"): each task has one verdict per side, the
 * majority of its repeats there, and the exact two-sided McNemar test (McNemar 1947; exact
 * conditional form, Fagerland, Lydersen & Laake 2013) runs over the tasks that changed,
 *
 *   p = min(1, 2·P(X ≤ min(b, c))),  X ~ Bin(b + c, ½)
 *
 * A task whose repeats split exactly in half on either side (1 of 2, 2 of 4) has no verdict
 * there and is left out (counted in `undecided`); the sign-flip test over pass shares uses it.
 * Tasks run on one side only are ignored. With one repeat per task this is McNemar on runs.
 */
export function taskPairedMcnemar(tasks: readonly TaskCounts[]): TaskPairedTable & { p: number } {
  const t: TaskPairedTable = { both: 0, aOnly: 0, bOnly: 0, neither: 0, undecided: 0 };
  for (const x of tasks) {
    if (!x.aRuns || !x.bRuns) continue;
    const a = majority(x.aPassed, x.aRuns);
    const b = majority(x.bPassed, x.bRuns);
    if (a === null || b === null) t.undecided++;
    else if (a && b) t.both++;
    else if (a) t.aOnly++;
    else if (b) t.bOnly++;
    else t.neither++;
  }
  return { ...t, p: mcnemarExact(t.aOnly, t.bOnly) };
}
