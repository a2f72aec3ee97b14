import type { TaskCounts } from "./task-mcnemar";

/**
 * An anytime-valid confidence sequence for the mean task-paired difference of pass rates b − a
 * (docs/statistics.md, "Watching a comparison as it runs").
 *
 * Method: the hedged betting confidence sequence of Waudby-Smith & Ramdas (2024, "Estimating
 * means of bounded random variables by betting", JRSS-B 86:1: the hedged capital process), with
 * their predictable plug-in empirical-Bernstein bets, applied to xᵢ = (dᵢ + 1)/2 ∈ [0, 1], where dᵢ
 * is task i's pass share on b minus on a. For each candidate mean m of x, two gamblers bet that
 * the mean is above m (capital K⁺) and below it (K⁻):
 *
 *   K⁺ₜ(m) = ∏ᵢ₌₁ᵗ (1 + λᵢ⁺(m)·(xᵢ − m)),  K⁻ₜ(m) = ∏ᵢ₌₁ᵗ (1 − λᵢ⁻(m)·(xᵢ − m))
 *   λᵢ⁺(m) = min(λ̇ᵢ, c/m),  λᵢ⁻(m) = min(λ̇ᵢ, c/(1 − m)),  c = ¾
 *   λ̇ᵢ = √(2·log(2/α) / (σ̂²ᵢ₋₁ · i · log(1 + i)))
 *   μ̂ᵢ = (½ + Σⱼ≤ᵢ xⱼ)/(i + 1),  σ̂²ᵢ = (¼ + Σⱼ≤ᵢ (xⱼ − μ̂ⱼ)²)/(i + 1),  σ̂²₀ = ¼
 *
 * If the xᵢ have conditional mean m given the past, Kₜ(m) = ½K⁺ₜ(m) + ½K⁻ₜ(m) is a nonnegative
 * martingale starting at 1 (the bets are predictable and keep every factor positive), so by
 * Ville's inequality P(∃t: Kₜ(m) ≥ 1/α) ≤ α, and Cₜ = {m : Kₜ(m) < 1/α} covers m at every t at
 * once: the interval may be read after every task and the study stopped whenever it is clear.
 * (The paper's hedged process takes max(θK⁺, (1 − θ)K⁻); the convex combination, which they
 * also discuss, is a test martingale too and never smaller, so its set is never wider.)
 *
 * Cₜ is found on a grid of m (step 1/2000 in x, 0.001 in d) and reported as its hull widened by
 * one step, then intersected with every earlier look's (the running intersection of a confidence
 * sequence is one too), so the interval only shrinks.
 */

/** Steps of the grid over x ∈ [0, 1]: a step of 0.0005 in x is 0.1 pass-rate point in d. */
export const ANYTIME_GRID = 2000;
/**
 * The bet's cap c: λ ≤ c/m and c/(1 − m) keep every factor of the capital ≥ 1 − c. The paper
 * suggests ½ or ¾; ¾ decides a 20-task study far more often (docs/statistics.md measures both).
 */
export const ANYTIME_TRUNCATION = 0.75;

export interface AnytimeOptions {
  /** The bet's cap c (default `ANYTIME_TRUNCATION`), 0 < c < 1. */
  truncation?: number;
}

/** The confidence sequence after n tasks, in units of d (b's pass share − a's, −1…1). */
export interface AnytimeInterval {
  lo: number;
  hi: number;
  /** Tasks seen. */
  n: number;
  /** The mean of the dᵢ seen (not the centre of the interval, which need not be symmetric). */
  mean: number;
  /**
   * True when this look's set and an earlier one's no longer overlap, or the set is empty: under
   * the assumptions that happens with probability at most α, so the data contradict them (lo and hi
   * are then this look's own hull, not intersected).
   */
  conflict: boolean;
}

/**
 * The confidence sequence fed one task at a time (`push`), as a session would as its tasks
 * complete; `interval()` is valid at every look. O(grid) per task.
 */
export class AnytimeMonitor {
  readonly alpha: number;
  private readonly logPlus = new Float64Array(ANYTIME_GRID + 1);
  private readonly logMinus = new Float64Array(ANYTIME_GRID + 1);
  private t = 0;
  private sumX = 0;
  private sumD = 0;
  private sumSq = 0;
  private lo = -1;
  private hi = 1;
  private conflict = false;

  readonly truncation: number;

  constructor(alpha = 0.05, opts: AnytimeOptions = {}) {
    if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha ${alpha} is not between 0 and 1`);
    this.alpha = alpha;
    const c = opts.truncation ?? ANYTIME_TRUNCATION;
    if (!(c > 0 && c < 1)) throw new RangeError(`truncation ${c} is not between 0 and 1`);
    this.truncation = c;
  }

  /** Adds task n + 1's difference d ∈ [−1, 1]. */
  push(d: number): void {
    if (!(d >= -1 && d <= 1)) throw new RangeError(`difference ${d} is not between −1 and 1`);
    const x = (d + 1) / 2;
    const i = this.t + 1;
    // σ̂²ᵢ₋₁ from the tasks before this one (predictable), with the prior ¼ counted as one task.
    const sigma2 = (0.25 + this.sumSq) / i;
    const lambda = Math.sqrt((2 * Math.log(2 / this.alpha)) / (sigma2 * i * Math.log(1 + i)));
    const c = this.truncation;
    for (let j = 0; j <= ANYTIME_GRID; j++) {
      const m = j / ANYTIME_GRID;
      const dev = x - m;
      // λ⁺ = min(λ̇, c/m) and λ⁻ = min(λ̇, c/(1 − m)), compared without dividing.
      this.logPlus[j] += Math.log1p((lambda * m < c ? lambda : c / m) * dev);
      this.logMinus[j] += Math.log1p(-(lambda * (1 - m) < c ? lambda : c / (1 - m)) * dev);
    }
    this.t = i;
    this.sumX += x;
    this.sumD += d;
    const muHat = (0.5 + this.sumX) / (i + 1);
    this.sumSq += (x - muHat) ** 2;
    this.narrow();
  }

  /** Whether K(m) = ½e^a + ½e^b < 1/α at grid point j (exact in logs only near the bar). */
  private inside(j: number, bar: number): boolean {
    const a = this.logPlus[j];
    const b = this.logMinus[j];
    const top = Math.max(a, b);
    if (top < bar) return true; // ½e^a + ½e^b ≤ e^top
    if (top + -Math.LN2 >= bar) return false; // ½e^a + ½e^b ≥ ½e^top
    return top + Math.log(0.5 * Math.exp(a - top) + 0.5 * Math.exp(b - top)) < bar;
  }

  private narrow(): void {
    const bar = Math.log(1 / this.alpha);
    // The hull of the set: its first and last grid points inside, scanned from either end.
    let first = 0;
    while (first <= ANYTIME_GRID && !this.inside(first, bar)) first++;
    let last = ANYTIME_GRID;
    while (last > first && !this.inside(last, bar)) last--;
    if (first > ANYTIME_GRID) first = -1;
    if (first < 0) {
      this.conflict = true;
      return;
    }
    const lo = 2 * (Math.max(0, first - 1) / ANYTIME_GRID) - 1;
    const hi = 2 * (Math.min(ANYTIME_GRID, last + 1) / ANYTIME_GRID) - 1;
    if (this.conflict || lo > this.hi || hi < this.lo) {
      this.conflict = true;
      this.lo = lo;
      this.hi = hi;
      return;
    }
    this.lo = Math.max(this.lo, lo);
    this.hi = Math.min(this.hi, hi);
  }

  interval(): AnytimeInterval {
    return { lo: this.lo, hi: this.hi, n: this.t, mean: this.t ? this.sumD / this.t : 0, conflict: this.conflict };
  }
}

/**
 * The anytime-valid (1 − α) interval for the mean of the task differences dᵢ (b's pass share on
 * task i − a's, in −1…1) after seeing them in the order given: the interval at the last look of
 * the confidence sequence above. The order must not depend on the values (a seeded random order
 * of tasks, or the order they completed in when that does not depend on their outcomes).
 */
export function anytimeInterval(diffs: readonly number[], alpha = 0.05, opts: AnytimeOptions = {}): AnytimeInterval {
  const mon = new AnytimeMonitor(alpha, opts);
  for (const d of diffs) mon.push(d);
  return mon.interval();
}

/** The interval at every look: element k after the first k + 1 tasks. */
export function anytimeSequence(diffs: readonly number[], alpha = 0.05, opts: AnytimeOptions = {}): AnytimeInterval[] {
  const mon = new AnytimeMonitor(alpha, opts);
  return diffs.map((d) => {
    mon.push(d);
    return mon.interval();
  });
}

/** A task's difference of pass shares, b − a; null unless both sides ran it. */
export function taskDifference(t: TaskCounts): number | null {
  if (!t.aRuns || !t.bRuns) return null;
  return t.bPassed / t.bRuns - t.aPassed / t.aRuns;
}

export interface SequentialDecision {
  /** "decided" once the interval excludes 0; it stays so (the interval only shrinks). */
  state: "decided" | "undecided";
  /** The better config once decided: "b" when the whole interval is above 0, "a" below. */
  direction: "a" | "b" | null;
  /** The anytime-valid interval of b − a, in pass-rate points (−100…100). */
  interval: [number, number];
  /** The mean difference of the settled tasks, in pass-rate points. */
  mean: number;
  alpha: number;
  /** Tasks in the sequence (settled). */
  tasks: number;
  /** Tasks (settled or not) whose pass shares differ between a and b. */
  tasksDisagreeing: number;
  conflict: boolean;
}

/**
 * The sequential comparison of two configs over tasks: `settled` are the tasks whose paired runs
 * are complete, in the order they completed (each enters the sequence once, with the pass shares
 * it has then; a task's value must not change after it entered); `pending` those still running,
 * counted only in `tasksDisagreeing`. Decided when the anytime (1 − α) interval excludes 0.
 */
export function sequentialDecision(
  settled: readonly TaskCounts[],
  alpha = 0.05,
  pending: readonly TaskCounts[] = [],
): SequentialDecision {
  const diffs: number[] = [];
  for (const t of settled) {
    const d = taskDifference(t);
    if (d !== null) diffs.push(d);
  }
  const r = anytimeInterval(diffs, alpha);
  const disagree = [...settled, ...pending].filter((t) => {
    const d = taskDifference(t);
    return d !== null && d !== 0;
  }).length;
  const direction = r.conflict ? null : r.lo > 0 ? "b" : r.hi < 0 ? "a" : null;
  const pts = (v: number) => Math.round(v * 1000) / 10;
  return {
    state: direction ? "decided" : "undecided",
    direction,
    interval: [pts(r.lo), pts(r.hi)],
    mean: pts(r.mean),
    alpha,
    tasks: r.n,
    tasksDisagreeing: disagree,
    conflict: r.conflict,
  };
}

/** Why a task × config pair gets another repeat, or why not. */
export type RepeatReason = "minimum" | "repeats_disagree" | "discordant" | "decided" | "maximum" | "settled";

/**
 * Whether a task is still informative for the comparison, for adaptive repeats (issue 36.2): a
 * repeat pair (one run on a, one on b) is worth queuing, while the comparison is undecided
 * ("decided" ends all queuing), when a side has fewer than `minRepeats` runs ("minimum"), or, below `maxRepeats`, when a side's
 * repeats disagree ("repeats_disagree") or the two sides' pass shares differ ("discordant").
 * Otherwise the task is settled and enters the sequence. The rule treats a and b alike (swapping
 * them changes no answer), which is what keeps the sequence valid under "no difference": a task's
 * difference is then as likely to be +d as −d whatever the rule did.
 */
export function stillInformative(
  t: TaskCounts,
  opts: { minRepeats: number; maxRepeats: number; decided: boolean },
): { informative: boolean; reason: RepeatReason } {
  if (!(opts.minRepeats >= 1 && opts.maxRepeats >= opts.minRepeats))
    throw new RangeError(`repeats ${opts.minRepeats}…${opts.maxRepeats}: need 1 ≤ minimum ≤ maximum`);
  const runs = Math.min(t.aRuns, t.bRuns);
  if (opts.decided) return { informative: false, reason: "decided" };
  if (runs < opts.minRepeats) return { informative: true, reason: "minimum" };
  if (runs >= opts.maxRepeats) return { informative: false, reason: "maximum" };
  const split = (passed: number, n: number) => passed > 0 && passed < n;
  if (split(t.aPassed, t.aRuns) || split(t.bPassed, t.bRuns)) return { informative: true, reason: "repeats_disagree" };
  if (t.aPassed / t.aRuns !== t.bPassed / t.bRuns) return { informative: true, reason: "discordant" };
  return { informative: false, reason: "settled" };
}
