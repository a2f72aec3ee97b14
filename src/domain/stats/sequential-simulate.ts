/**
 * Simulated studies for checking the anytime-valid comparison (tests/unit/stats/
 * sequential-simulation.test.ts, scripts/calibrate-sequential.ts and docs/statistics.md): two
 * configs a and b over `tasks` tasks, each task with its pass probability drawn from Beta(s, s)
 * (mean ½, intraclass correlation 1/(2s + 1); 0.6 makes most tasks 0/3 or 3/3 as in the study),
 * runs passing independently given it. Tasks complete one after another in the (random) order
 * drawn; each gets `minRepeats` paired runs, then one more pair at a time while `stillInformative`
 * says so, up to `maxRepeats`; then it enters the sequence and the rules look.
 *
 * Three rules see the same runs:
 * - sequential: stop at the first look where the anytime (1 − α) interval excludes 0;
 * - naive: stop at the first look where the fixed-n sign-flip test over the tasks so far has
 *   p < α (the same test as Compare, read after every task as if each look were the only one);
 * - fixed: every task × `maxRepeats` on both sides, one sign-flip test at the end.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { AnytimeMonitor, stillInformative } from "./confidence-sequence";
import { signFlipTest } from "./sign-flip";
import { beta, uniform } from "./random";
import type { TaskCounts } from "./task-mcnemar";

export interface SequentialStudySpec {
  tasks: number;
  minRepeats: number;
  maxRepeats: number;
  icc: number;
  /** Tasks whose pass probability b cuts to `keep` (default 0) × a's: the ones a usually solves. */
  regressed?: number;
  keep?: number;
  /** Share of tasks whose pass probability a and b share (else each side draws its own; default 1). */
  carry?: number;
  /** The anytime interval's bet cap (default `ANYTIME_TRUNCATION`). */
  truncation?: number;
}

export type Direction = "a" | "b" | null;

export interface RuleOutcome {
  /** The config the rule called better, or null when it never decided. */
  direction: Direction;
  /** Runs (both configs) spent when the rule stopped, or all of its design's runs. */
  runs: number;
}

export interface SequentialStudy {
  sequential: RuleOutcome & { tasks: number };
  naive: RuleOutcome;
  fixed: RuleOutcome;
}

/** One simulated study from `seed`. */
export function simulateSequentialStudy(spec: SequentialStudySpec, seed: number, alpha = 0.05): SequentialStudy {
  const g = xoroshiro128plus(seed);
  const s = (1 / spec.icc - 1) / 2;
  const shared = Array.from({ length: spec.tasks }, () => beta(g, s));
  const carry = spec.carry ?? 1;
  const pa = shared.map((p) => (uniform(g) < carry ? p : beta(g, s)));
  const pb = shared.map((p) => (uniform(g) < carry ? p : beta(g, s)));
  // The regressed tasks are the ones a solves most often, so the effect is real.
  const hit = pa
    .map((p, i) => ({ p, i }))
    .sort((x, y) => y.p - x.p)
    .slice(0, spec.regressed ?? 0);
  for (const { i } of hit) pb[i] *= spec.keep ?? 0;
  // Every run either design could use, drawn up front: the adaptive design reads a prefix.
  const outcomes = pa.map((p, t) => ({
    a: Array.from({ length: spec.maxRepeats }, () => uniform(g) < p),
    b: Array.from({ length: spec.maxRepeats }, () => uniform(g) < pb[t]),
  }));

  const mon = new AnytimeMonitor(alpha, { truncation: spec.truncation });
  const diffs: number[] = [];
  let runs = 0;
  let sequential: SequentialStudy["sequential"] | null = null;
  let naive: RuleOutcome | null = null;
  for (const o of outcomes) {
    const c: TaskCounts = { aRuns: 0, aPassed: 0, bRuns: 0, bPassed: 0 };
    const opts = { minRepeats: spec.minRepeats, maxRepeats: spec.maxRepeats, decided: false };
    while (c.aRuns < spec.maxRepeats && stillInformative(c, opts).informative) {
      c.aPassed += o.a[c.aRuns] ? 1 : 0;
      c.bPassed += o.b[c.bRuns] ? 1 : 0;
      c.aRuns++;
      c.bRuns++;
      runs += 2;
    }
    const d = c.bPassed / c.bRuns - c.aPassed / c.aRuns;
    diffs.push(d);
    if (!sequential) {
      mon.push(d);
      const r = mon.interval();
      const dir: Direction = r.conflict ? null : r.lo > 0 ? "b" : r.hi < 0 ? "a" : null;
      if (dir) sequential = { direction: dir, runs, tasks: r.n };
    }
    if (!naive) {
      const t = signFlipTest(diffs);
      if (t.p < alpha) naive = { direction: t.statistic > 0 ? "b" : "a", runs };
    }
    if (sequential && naive) break;
  }
  sequential ??= { direction: null, runs, tasks: diffs.length };
  naive ??= { direction: null, runs };

  const full = outcomes.map((o) => {
    const share = (xs: boolean[]) => xs.filter(Boolean).length / xs.length;
    return share(o.b) - share(o.a);
  });
  const f = signFlipTest(full);
  const fixed: RuleOutcome = {
    direction: f.p < alpha ? (f.statistic > 0 ? "b" : "a") : null,
    runs: 2 * spec.tasks * spec.maxRepeats,
  };
  return { sequential, naive, fixed };
}

export interface RuleRates {
  /** Share of studies the rule decided (either direction), with its binomial standard error. */
  decided: number;
  se: number;
  /** Share that decided for the config that is truly better (a, when tasks regressed on b). */
  correct: number;
  /** Mean runs spent per study. */
  runs: number;
}

export interface SequentialRates {
  studies: number;
  sequential: RuleRates & { tasks: number };
  naive: RuleRates;
  fixed: RuleRates;
  /**
   * Studies where the fixed design decided: the mean runs the sequential rule spent on those it
   * also decided the same way, their share, and the fixed design's runs.
   */
  agreeing: { studies: number; share: number; sequentialRuns: number; fixedRuns: number };
}

/** `studies` simulated studies (seeds firstSeed…firstSeed + studies − 1) under the three rules. */
export function simulateSequential(
  spec: SequentialStudySpec,
  studies: number,
  alpha = 0.05,
  firstSeed = 1,
): SequentialRates {
  const truth: Direction = (spec.regressed ?? 0) > 0 && (spec.keep ?? 0) < 1 ? "a" : null;
  const acc = () => ({ decided: 0, correct: 0, runs: 0 });
  const seq = { ...acc(), tasks: 0 };
  const naive = acc();
  const fixed = acc();
  let fixedDecided = 0;
  let agree = 0;
  let agreeRuns = 0;
  const add = (a: ReturnType<typeof acc>, r: RuleOutcome) => {
    if (r.direction) a.decided++;
    if (r.direction && r.direction === truth) a.correct++;
    a.runs += r.runs;
  };
  for (let seed = firstSeed; seed < firstSeed + studies; seed++) {
    const r = simulateSequentialStudy(spec, seed, alpha);
    add(seq, r.sequential);
    seq.tasks += r.sequential.tasks;
    add(naive, r.naive);
    add(fixed, r.fixed);
    if (r.fixed.direction) {
      fixedDecided++;
      if (r.sequential.direction === r.fixed.direction) {
        agree++;
        agreeRuns += r.sequential.runs;
      }
    }
  }
  const rates = (a: ReturnType<typeof acc>): RuleRates => {
    const p = a.decided / studies;
    return { decided: p, se: Math.sqrt((p * (1 - p)) / studies), correct: a.correct / studies, runs: a.runs / studies };
  };
  return {
    studies,
    sequential: { ...rates(seq), tasks: seq.tasks / studies },
    naive: rates(naive),
    fixed: rates(fixed),
    agreeing: {
      studies: fixedDecided,
      share: fixedDecided ? agree / fixedDecided : 0,
      sequentialRuns: agree ? agreeRuns / agree : 0,
      fixedRuns: 2 * spec.tasks * spec.maxRepeats,
    },
  };
}
