import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import type { JobState } from "../queue/states";
import {
  AnytimeMonitor,
  sequentialDecision,
  stillInformative,
  taskDifference,
  type RepeatReason,
} from "../stats/confidence-sequence";
import type { TaskCounts } from "../stats/task-mcnemar";

/**
 * Adaptive repeats (issue 36.2): a session that queues `minRepeats` of every task × config, then
 * further repeat pairs (one run on a, one on b) of a task only while it is still informative for
 * the pre-registered comparison of a and b (stillInformative), and none once the comparison is
 * decided or the task reached `maxRepeats`. Pure: the store reads the rows, this decides, the
 * store writes, all in one transaction (docs/statistics.md, "Watching a comparison as it runs").
 */

export interface AdaptiveBounds {
  minRepeats: number;
  maxRepeats: number;
}

/**
 * A task as it entered the sequence: its place is its index in the list, its counts those it
 * settled with. Tasks enter in the session's entry order (entryOrder), never in the order they
 * settle: that order depends on outcomes (a task whose sides agree settles after its minimum, one
 * whose sides differ repeats first), and a sequence ordered by outcomes no longer estimates the
 * mean difference (its running interval drifted off it: files vs bash, 11 of 24 tasks lost,
 * reported 6–31 pts where the settled tasks' mean was 39).
 */
export interface SettledTask extends TaskCounts {
  taskId: string;
}

/** One job of the session as the rule reads it. */
export interface AdaptiveJob {
  taskId: string;
  configId: string;
  repeat: number;
  state: JobState;
  /** The current score of its run: null when it has none (not run, failed, unscorable or superseded). */
  passed: boolean | null;
  taskVersion: number;
  configVersion: number;
}

export interface AdaptiveInput {
  a: string;
  b: string;
  alpha: number;
  bounds: AdaptiveBounds;
  seed: number;
  /** The session's tasks in their order (the order a step looks at them in). */
  taskIds: readonly string[];
  settled: readonly SettledTask[];
  jobs: readonly AdaptiveJob[];
}

/** A job the rule queues, in the order it is to be appended to the queue. */
export interface ExtraJob {
  taskId: string;
  configId: string;
  repeat: number;
  taskVersion: number;
  configVersion: number;
  /** Why it was queued: "repeats_disagree" or "discordant" (or "minimum" when a side lacks its minimum). */
  reason: RepeatReason;
}

export interface AdaptiveStep {
  /** Tasks that enter the sequence now, in the entry order (entryOrder), appended in this order. */
  settle: SettledTask[];
  queue: ExtraJob[];
}

const busy = (s: JobState) => s === "queued" || s === "leased";

/** A task's counts on a and b over its scored runs. */
export function taskCounts(jobs: readonly AdaptiveJob[], taskId: string, a: string, b: string): TaskCounts {
  const c = { aRuns: 0, aPassed: 0, bRuns: 0, bPassed: 0 };
  for (const j of jobs) {
    if (j.taskId !== taskId || j.passed === null) continue;
    if (j.configId === a) {
      c.aRuns++;
      if (j.passed) c.aPassed++;
    } else if (j.configId === b) {
      c.bRuns++;
      if (j.passed) c.bPassed++;
    }
  }
  return c;
}

/**
 * Which side of an extra pair runs first: a coin from the session's seed, the task's index and the
 * repeat, so the order is interleaved, recorded by the seed, and independent of any outcome.
 */
export function pairOrder(seed: number, taskIndex: number, repeat: number): "ab" | "ba" {
  const rng = xoroshiro128plus((seed ^ Math.imul(taskIndex + 1, 0x9e3779b1) ^ Math.imul(repeat, 0x85ebca6b)) | 0);
  return uniformInt(rng, 0, 1) === 0 ? "ab" : "ba";
}

/**
 * The order tasks enter the sequence: a permutation of the session's tasks drawn from its seed
 * (Fisher–Yates), fixed before any run, so that the sequence is the tasks in a random order,
 * whatever their outcomes, as the confidence sequence assumes (docs/statistics.md).
 */
export function entryOrder(seed: number, taskIds: readonly string[]): string[] {
  const order = [...taskIds];
  const rng = xoroshiro128plus((seed ^ 0x5f3759df) | 0);
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * One step of the rule, after a job of the session ended: every task not yet settled whose a and
 * b jobs have all ended either gets another pair (while informative, below the maximum, and the
 * comparison undecided) or is done, with the counts it has. Done tasks enter the sequence in the
 * entry order: each once every task before it has entered. Once the sequence decides, no more
 * pairs are queued and the remaining tasks settle as their jobs end.
 */
export function adaptiveStep(input: AdaptiveInput): AdaptiveStep {
  const { a, b, bounds } = input;
  const settledIds = new Set(input.settled.map((t) => t.taskId));
  // The sequence so far, fed once; each task that settles now is pushed onto it (O(grid) a task).
  const monitor = new AnytimeMonitor(input.alpha);
  const push = (t: TaskCounts) => {
    const d = taskDifference(t);
    if (d !== null) monitor.push(d);
  };
  const isDecided = () => {
    const r = monitor.interval();
    return !r.conflict && (r.lo > 0 || r.hi < 0);
  };
  input.settled.forEach(push);
  const decided = isDecided();
  const step: AdaptiveStep = { settle: [], queue: [] };
  const done = new Map<string, TaskCounts>();
  input.taskIds.forEach((taskId, taskIndex) => {
    if (settledIds.has(taskId)) return;
    const own = input.jobs.filter((j) => j.taskId === taskId && (j.configId === a || j.configId === b));
    if (!own.length || own.some((j) => busy(j.state))) return;
    const counts = taskCounts(own, taskId, a, b);
    const top = Math.max(...own.map((j) => j.repeat));
    const r = stillInformative(counts, { ...bounds, decided });
    if (r.informative && top < bounds.maxRepeats) {
      const repeat = top + 1;
      const sides = pairOrder(input.seed, taskIndex, repeat) === "ab" ? [a, b] : [b, a];
      for (const configId of sides) {
        const like = own.find((j) => j.configId === configId) ?? own[0];
        step.queue.push({
          taskId,
          configId,
          repeat,
          taskVersion: like.taskVersion,
          configVersion: configId === like.configId ? like.configVersion : own[0].configVersion,
          reason: r.reason,
        });
      }
      return;
    }
    done.set(taskId, counts);
  });
  // The done tasks next in the entry order enter the sequence, up to the first that is not done.
  const order = entryOrder(input.seed, input.taskIds);
  for (let i = input.settled.length; i < order.length; i++) {
    const counts = done.get(order[i]);
    if (!counts) break;
    step.settle.push({ taskId: order[i], ...counts });
  }
  return step;
}

export type AdaptiveState = "running" | "decided" | "exhausted";

export interface AdaptiveSummary {
  state: AdaptiveState;
  direction: "a" | "b" | null;
  /** The anytime-valid interval of b − a, in pass-rate points. */
  interval: [number, number];
  /** Jobs the session queued (the minimum and every extra pair). */
  runsQueued: number;
  /** The fixed design's jobs (tasks × configs × maxRepeats) minus `runsQueued`. */
  runsSaved: number;
  /** `runsSaved` × the session's mean run time, in hours; null before any timed run. */
  phoneHoursSaved: number | null;
  tasksSettled: number;
  tasksDisagreeing: number;
  /** The page's line: "lean better than full by 12–31 pts (anytime 95%): decided". */
  line: string;
}

const pts = (v: number) => `${Math.round(Math.abs(v))}`;

/**
 * Where an adaptive session stands: decided once the sequence of settled tasks excludes 0;
 * exhausted when every task settled and nothing of a and b is left to run, undecided; running
 * otherwise. `meanRunMs`: the mean wall time of the session's runs, for the phone-hours saved.
 */
export function adaptiveSummary(input: {
  a: string;
  b: string;
  alpha: number;
  bounds: AdaptiveBounds;
  taskIds: readonly string[];
  configIds: readonly string[];
  settled: readonly SettledTask[];
  jobs: readonly AdaptiveJob[];
  meanRunMs: number | null;
  /** The session was cancelled: undecided, it is exhausted (nothing more will run). */
  cancelled?: boolean;
}): AdaptiveSummary {
  const { a, b } = input;
  const settledIds = new Set(input.settled.map((t) => t.taskId));
  const pending = input.taskIds.filter((t) => !settledIds.has(t)).map((t) => taskCounts(input.jobs, t, a, b));
  const d = sequentialDecision(input.settled, input.alpha, pending);
  const runsQueued = input.jobs.filter((j) => j.state !== "cancelled").length;
  const fixed = input.taskIds.length * input.configIds.length * input.bounds.maxRepeats;
  const runsSaved = Math.max(0, fixed - runsQueued);
  const left = input.jobs.some((j) => (j.configId === a || j.configId === b) && busy(j.state));
  // Every task settled and nothing left: a settled task is written in the same transaction that
  // would have queued its next pair, so "exhausted" is never read between a result and its step.
  const state: AdaptiveState =
    d.state === "decided"
      ? "decided"
      : input.cancelled || (!left && settledIds.size >= input.taskIds.length)
        ? "exhausted"
        : "running";
  const pct = Math.round((1 - input.alpha) * 1000) / 10;
  const [lo, hi] = d.interval;
  const disagree = `${d.tasksDisagreeing} task${d.tasksDisagreeing === 1 ? "" : "s"} ${d.tasksDisagreeing === 1 ? "still disagrees" : "still disagree"}`;
  const line =
    d.direction === "b"
      ? `${b} better than ${a} by ${pts(lo)}–${pts(hi)} pts (anytime ${pct}%): decided`
      : d.direction === "a"
        ? `${a} better than ${b} by ${pts(hi)}–${pts(lo)} pts (anytime ${pct}%): decided`
        : state === "exhausted"
          ? `undecided at the maximum repeats: ${disagree} (b − a between ${Math.round(lo)} and ${Math.round(hi)} pts, anytime ${pct}%)`
          : `undecided: ${disagree}`;
  return {
    state,
    direction: d.direction,
    interval: d.interval,
    runsQueued,
    runsSaved,
    phoneHoursSaved:
      input.meanRunMs === null ? null : Math.round(((runsSaved * input.meanRunMs) / 3_600_000) * 10) / 10,
    tasksSettled: input.settled.length,
    tasksDisagreeing: d.tasksDisagreeing,
    line,
  };
}

/** "Saved 46 of 120 runs (38%) and about 1.3 phone-hours against the fixed design of 3 repeats." */
export function savedText(s: AdaptiveSummary, bounds: AdaptiveBounds): string {
  const fixed = s.runsQueued + s.runsSaved;
  const share = fixed ? Math.round((s.runsSaved / fixed) * 100) : 0;
  const hours =
    s.phoneHoursSaved === null
      ? ""
      : s.phoneHoursSaved === 0
        ? " and under 0.1 phone-hours"
        : ` and about ${s.phoneHoursSaved} phone-hours`;
  return `${s.runsQueued} runs queued: ${s.runsSaved} of ${fixed} saved (${share}%)${hours} against the fixed design of ${bounds.maxRepeats} repeats.`;
}

/** The mean wall time (end − start) of runs, in ms; runs without a valid end are left out; null with none. */
export function meanRunMs(runs: readonly { startedAt: string; endedAt: string | null }[]): number | null {
  let sum = 0;
  let n = 0;
  for (const r of runs) {
    const ms = r.endedAt ? Date.parse(r.endedAt) - Date.parse(r.startedAt) : NaN;
    if (Number.isFinite(ms) && ms >= 0) {
      sum += ms;
      n++;
    }
  }
  return n ? sum / n : null;
}
