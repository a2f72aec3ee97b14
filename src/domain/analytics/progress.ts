import { TASK_GROUPS } from "../suite/schema";

/** One run of a task with milestones, as the progress service reads it from its current score. */
export interface ProgressRunFacts {
  taskId: string;
  group: string;
  configId: string;
  /** progress[k-1] = milestones reached by call k. */
  progress: number[];
  /** callOk[k-1] = call k succeeded; null on scores written before the flags were stored. */
  callOk: boolean[] | null;
  endReason: string;
  milestonesTotal: number;
}

/** How a run ended, as the trajectory chart marks it (× context full, ■ early stop). */
export const PATH_ENDS = ["context_full", "early_stop", "tool_limit", "crashed", "complete"] as const;
export type PathEnd = (typeof PATH_ENDS)[number];

export interface PathPoint {
  /** Tool calls made so far; 0 is the start, before any call. */
  call: number;
  milestones: number;
  failed: boolean;
  /** Runs in exactly this state at this call, out of `running`. */
  following: number;
  /** Runs that made at least this many calls. */
  running: number;
}

export interface ConfigPath {
  configId: string;
  runs: number;
  points: PathPoint[];
  /** The most common way the runs ended (ties in PATH_ENDS order). */
  end: PathEnd;
  ends: Partial<Record<PathEnd, number>>;
}

export interface TaskTrajectories {
  taskId: string;
  group: string;
  milestonesTotal: number;
  configs: ConfigPath[];
}

/**
 * How one run ended: the runtime's cut-offs by end reason; a run the model ended itself
 * (`stop`) is an early stop when it had not reached every milestone, else complete.
 */
export function runEnd(run: Pick<ProgressRunFacts, "endReason" | "progress" | "milestonesTotal">): PathEnd {
  const r = run.endReason;
  if (r === "context_full") return "context_full";
  if (r === "crash" || r === "timeout" || r === "cancelled") return "crashed";
  if (r === "tool_limit" || r === "turn_limit") return "tool_limit";
  const reached = run.progress.reduce((max, v) => Math.max(max, v), 0); // no spread: stack-bound for long lists
  return reached < run.milestonesTotal ? "early_stop" : "complete";
}

/**
 * The majority path of a config's repeats of one task (the study's Figures 9–10).
 *
 * - It starts at call 0 with 0 milestones (nothing is reached before the first call).
 * - It covers calls k = 1..K, where K is the largest k that a strict majority of the runs
 *   reached (2 × #{runs with ≥ k calls} > n): the path ends where at least half the repeats
 *   have ended. With 3 runs K is the median call count; with 2 runs, the shorter one's.
 * - At each k its state is the most common (milestones after call k, call k failed?) pair
 *   among the runs still running at k. Ties go to fewer milestones, then to the failed call,
 *   so a tie never overstates progress.
 * - Runs whose ok flags are unknown (null) count their calls as succeeded.
 * Its end is the most common run end (runEnd) over all n runs, ties in PATH_ENDS order.
 */
export function majorityPath(configId: string, runs: ProgressRunFacts[]): ConfigPath {
  const n = runs.length;
  const steps: PathPoint[] = [];
  for (let k = 1; ; k++) {
    const running = runs.filter((r) => r.progress.length >= k);
    if (2 * running.length <= n) break;
    const counts = new Map<string, { milestones: number; failed: boolean; n: number }>();
    for (const r of running) {
      const milestones = r.progress[k - 1];
      const failed = r.callOk ? r.callOk[k - 1] === false : false;
      const key = `${milestones}:${failed}`;
      const c = counts.get(key) ?? { milestones, failed, n: 0 };
      c.n++;
      counts.set(key, c);
    }
    const best = [...counts.values()].sort(
      (a, b) => b.n - a.n || a.milestones - b.milestones || Number(b.failed) - Number(a.failed),
    )[0];
    steps.push({
      call: k,
      milestones: best.milestones,
      failed: best.failed,
      following: best.n,
      running: running.length,
    });
  }
  const ends: Partial<Record<PathEnd, number>> = {};
  for (const r of runs) {
    const e = runEnd(r);
    ends[e] = (ends[e] ?? 0) + 1;
  }
  return pathFromSteps(configId, n, steps, ends);
}

/**
 * A config's path from its majority state at each call k ≥ 1 (for the calls a strict majority of
 * its `n` runs reached, in call order) and its runs' ends counted: the start point, then the
 * steps; its end the most common, ties in PATH_ENDS order. A database can count the steps (the
 * columnar copy does); `majorityPath` counts them from the runs.
 */
export function pathFromSteps(
  configId: string,
  n: number,
  steps: readonly PathPoint[],
  ends: Partial<Record<PathEnd, number>>,
): ConfigPath {
  const points: PathPoint[] = [{ call: 0, milestones: 0, failed: false, following: n, running: n }, ...steps];
  const end = [...PATH_ENDS].sort(
    (a, b) => (ends[b] ?? 0) - (ends[a] ?? 0) || PATH_ENDS.indexOf(a) - PATH_ENDS.indexOf(b),
  )[0];
  return { configId, runs: n, points, end, ends };
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const groupRank = (g: string) => {
  const i = (TASK_GROUPS as readonly string[]).indexOf(g);
  return i < 0 ? TASK_GROUPS.length : i;
};

/** Runs grouped by task (group order, then id) and config (id order), one majority path each. */
export function buildTrajectories(runs: ProgressRunFacts[]): TaskTrajectories[] {
  const tasks = new Map<string, { group: string; total: number; configs: Map<string, ProgressRunFacts[]> }>();
  for (const r of runs) {
    const t = tasks.get(r.taskId) ?? { group: r.group, total: 0, configs: new Map() };
    t.total = Math.max(t.total, r.milestonesTotal);
    const list = t.configs.get(r.configId) ?? [];
    list.push(r);
    t.configs.set(r.configId, list);
    tasks.set(r.taskId, t);
  }
  return orderTrajectories(
    [...tasks.entries()].map(([taskId, t]) => ({
      taskId,
      group: t.group,
      milestonesTotal: t.total,
      configs: [...t.configs.keys()].map((c) => majorityPath(c, t.configs.get(c)!)),
    })),
  );
}

/** Tasks in group order, then id; each task's configs in id order. */
export function orderTrajectories(tasks: readonly TaskTrajectories[]): TaskTrajectories[] {
  return [...tasks]
    .sort((x, y) => groupRank(x.group) - groupRank(y.group) || byCode(x.taskId, y.taskId))
    .map((t) => ({ ...t, configs: [...t.configs].sort((a, b) => byCode(a.configId, b.configId)) }));
}
