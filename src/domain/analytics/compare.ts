import { signFlipNull, type SignFlipMethod } from "../stats/sign-flip";
import { notice, type Notice } from "./notices";
import { signTest } from "../stats/sign-test";
import { taskPairedMcnemar, type TaskPairedTable } from "../stats/task-mcnemar";
import { nullRejection, type NullRejection } from "../stats/null-calibration";

export interface TaskPassFacts {
  taskId: string;
  aRuns: number;
  aPassed: number;
  bRuns: number;
  bPassed: number;
}

/** The task-paired 2×2 table of majority verdicts (src/domain/stats/task-mcnemar.ts). */
export type PairFacts = TaskPairedTable;

/** The headline test: the sign-flip permutation test over tasks. */
export interface PermutationFacts {
  p: number;
  method: SignFlipMethod;
  /** Monte Carlo only: sign assignments drawn and the seed; null when every assignment was counted. */
  draws: number | null;
  seed: number | null;
  /** Tasks whose pass share differs between the sides (the others carry no sign). */
  tasks: number;
}

export interface Comparison {
  improved: string[];
  degraded: string[];
  unchanged: string[];
  /** Tasks run on both sides: the comparison's sample size. */
  taskCount: number;
  /** Mean over those tasks of b's pass share minus a's. */
  difference: number | null;
  permutationP: number;
  permutation: PermutationFacts;
  signTestP: number;
  mcnemarP: number;
  pairs: PairFacts;
  /** How often this test rejects when a and b are swapped at random within tasks (nothing changed). */
  calibration: NullRejection;
  /** One plain sentence: the unit and the test. */
  method: string;
}

/** Each task's paired value: b's pass share over its repeats minus a's (tasks run on both sides only). */
export function taskDifferences(tasks: readonly TaskPassFacts[]): { taskId: string; d: number }[] {
  return tasks
    .filter((t) => t.aRuns > 0 && t.bRuns > 0)
    .map((t) => ({ taskId: t.taskId, d: t.bPassed / t.bRuns - t.aPassed / t.aRuns }));
}

/** "exact: all 1,024 sign assignments counted" or "Monte Carlo: 20,000 random sign assignments, seed 23". */
export function permutationWords(p: Pick<PermutationFacts, "method" | "draws" | "seed" | "tasks">): string {
  return p.method === "exact"
    ? `exact: all ${p.tasks <= 30 ? (2 ** p.tasks).toLocaleString("en-US") : `2^${p.tasks}`} sign assignments counted`
    : `Monte Carlo: ${p.draws!.toLocaleString("en-US")} random sign assignments, seed ${p.seed}`;
}

/**
 * A sentence when no outcome could make the test reject at α: with n tasks the smallest two-sided
 * sign-flip p is 2/2ⁿ (every task changed, all the same way), one-sided 1/2ⁿ. Null when it can.
 */
export function tooFewTasks(taskCount: number, alpha: number, sided: 1 | 2 = 2): string | null {
  const floor = sided / 2 ** taskCount;
  if (floor < alpha) return null;
  const fmt = String(Math.round(floor * 1000) / 1000);
  const need = Math.floor(Math.log2(sided / alpha)) + 1;
  return `With ${taskCount} task${taskCount === 1 ? "" : "s"} the smallest possible p is ${fmt}, so this test cannot reach α ${alpha} whatever the runs say: add tasks (${need} at least), not repeats.`;
}

/** The comparison's unit and test in one sentence, for the compare page, the session page, the report and the gate. */
export function methodSentence(
  taskCount: number,
  p: Pick<PermutationFacts, "method" | "draws" | "seed" | "tasks">,
  alpha = 0.05,
): string {
  const few = tooFewTasks(taskCount, alpha);
  return (
    `Unit: the task. Each of the ${taskCount} task${taskCount === 1 ? "" : "s"} run on both sides counts once, as b's pass share over its repeats minus a's; ` +
    `p is the two-sided sign-flip permutation test over tasks (${permutationWords(p)}), so repeats of a task are never counted as independent runs.` +
    (few ? ` ${few}` : "")
  );
}

/**
 * Compares side b with side a over the tasks run under both, with the task as the unit
 * (runs of one task are nearly deterministic, so its repeats are not independent evidence).
 * Each task contributes d = b's pass share − a's. A task improved when d > 0, degraded when
 * d < 0 (compared exactly, by cross-multiplying). Tests, all over tasks:
 * - `permutationP`, the headline: the exact sign-flip permutation test of the d's
 *   (src/domain/stats/sign-flip.ts);
 * - `signTestP`: the exact sign test over improved vs degraded tasks (the study's test);
 * - `mcnemarP`: McNemar's exact test on task-paired majority verdicts, as in seed 003 (a task
 *   whose repeats split in half on a side is left out: `pairs.undecided`).
 * When every task's repeats agree the three p-values are equal. `calibration` is the share of
 * 1,000 seeded label permutations (each task's sides swapped with probability ½) on which the
 * permutation test rejects at `alpha`. Task ids in code-unit order.
 */
export function compareSides(tasks: readonly TaskPassFacts[], alpha = 0.05): Comparison {
  const improved: string[] = [];
  const degraded: string[] = [];
  const unchanged: string[] = [];
  const both = [...tasks].filter((t) => t.aRuns && t.bRuns).sort((x, y) => (x.taskId < y.taskId ? -1 : 1));
  for (const t of both) {
    const d = t.bPassed * t.aRuns - t.aPassed * t.bRuns;
    (d > 0 ? improved : d < 0 ? degraded : unchanged).push(t.taskId);
  }
  const ds = taskDifferences(both).map((x) => x.d);
  const nul = signFlipNull(ds);
  const statistic = ds.reduce((a, b) => a + b, 0);
  const permutation: PermutationFacts = {
    p: nul.pFor(statistic),
    method: nul.method,
    draws: nul.draws,
    seed: nul.seed,
    tasks: nul.n,
  };
  const { p: mcnemarP, ...pairs } = taskPairedMcnemar(both);
  return {
    improved,
    degraded,
    unchanged,
    taskCount: ds.length,
    difference: ds.length ? statistic / ds.length : null,
    permutationP: permutation.p,
    permutation,
    signTestP: signTest(improved.length, degraded.length),
    mcnemarP,
    pairs,
    calibration: nullRejection(ds.length, (f) => nul.pFor(ds.reduce((s, v, i) => s + f[i] * v, 0)) < alpha, alpha),
    method: methodSentence(ds.length, permutation, alpha),
  };
}

export interface SideDescription {
  sessions: string[];
  builds: string[];
  devices: string[];
  charging: (boolean | null)[];
}

/**
 * Why two sides' timings may not be like for like: they differ in session, build, device or
 * charging state. One notice per difference, for the warning above a comparison, at its level
 * (notices.ts): different builds or devices make the difference partly theirs (red), a different
 * session or charging state is worth knowing.
 */
export function likeForLikeNotices(a: SideDescription, b: SideDescription): Notice[] {
  const same = (x: unknown[], y: unknown[]) =>
    x.length === y.length && [...x].map(String).sort().join("\u0000") === [...y].map(String).sort().join("\u0000");
  const out: Notice[] = [];
  if (!same(a.sessions, b.sessions))
    out.push(
      notice(
        "sidesSessions",
        "The two sides come from different sessions: session-to-session variation adds to the difference.",
      ),
    );
  if (!same(a.builds, b.builds))
    out.push(notice("sidesBuilds", "The two sides ran different app builds: timings are not like for like."));
  if (!same(a.devices, b.devices))
    out.push(notice("sidesDevices", "The two sides ran on different devices: timings are not like for like."));
  if (!same(a.charging, b.charging))
    out.push(
      notice("sidesCharging", "The phones' charging state differs between the sides: timings are not like for like."),
    );
  return out;
}

/** The sentences of `likeForLikeNotices`, in its order (the API's `warnings`). */
export function likeForLikeWarnings(a: SideDescription, b: SideDescription): string[] {
  return likeForLikeNotices(a, b).map((n) => n.text);
}
