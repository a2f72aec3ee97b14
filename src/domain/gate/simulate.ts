/**
 * Simulated studies for checking the gate's error rates (tests/unit/gate/gate-simulation.test.ts,
 * scripts/calibrate-gate.ts and docs/statistics.md): two sessions of one config over `tasks` tasks × `repeats`, each task
 * with its own pass probability drawn from Beta(a, a) (mean ½, intraclass correlation 1/(2a + 1):
 * a = 1/3 gives 0.6, the clustering the planner measured on the sessions), runs passing
 * independently given it. Latency per run is log-normal around the same median on both sides
 * (unless `slowdown`), turns on a TTFT line of 5.2 ms per prompt token with per-run noise.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { beta, normal, uniform, type Gen } from "../stats/random";
import { evaluateGate } from "./evaluate";
import { mcnemarExact, pairRuns } from "../stats/mcnemar";
import type { GateFacts, GateRun } from "./types";

export interface StudySpec {
  tasks: number;
  repeats: number;
  icc: number;
  /** Tasks whose pass probability the candidate cuts to `keep` (default 0) × the baseline's: a true regression. */
  regressed?: number;
  keep?: number;
  /** Candidate latency multiplier (1 = none). */
  slowdown?: number;
  /**
   * How much of a task's pass probability carries from one session to the next: each session ×
   * task keeps the task's own p with this chance, else draws a fresh one (a new simulator seed
   * decides a task's behaviour anew). 1: sessions differ only by chance within tasks.
   */
  carry?: number;
}

function runOf(g: Gen, taskId: string, p: number, slow: number): GateRun {
  const passed = uniform(g) < p;
  const runFactor = Math.exp(0.08 * normal(g)) * slow;
  const xs = [400, 900, 1400, 1900];
  const ys = xs.map((x) => (300 + 5.2 * x) * runFactor + 40 * normal(g));
  return {
    taskId,
    group: "files",
    configId: "files",
    passed,
    outcome: passed ? "finished" : uniform(g) < 0.5 ? "gave_up" : "asked_instead",
    loadMs: 2000 * runFactor * Math.exp(0.05 * normal(g)),
    turns: {
      n: xs.length,
      sx: xs.reduce((s, x) => s + x, 0),
      sy: ys.reduce((s, y) => s + y, 0),
      sxx: xs.reduce((s, x) => s + x * x, 0),
      sxy: xs.reduce((s, x, i) => s + x * ys[i], 0),
    },
    turnMs: 900 * runFactor * Math.exp(0.05 * normal(g)),
  };
}

/** One simulated baseline/candidate pair of sessions, from `seed`. */
export function simulateStudy(spec: StudySpec, seed: number): GateFacts {
  const g = xoroshiro128plus(seed);
  const a = (1 / spec.icc - 1) / 2;
  const probs = Array.from({ length: spec.tasks }, () => beta(g, a));
  // The regressed tasks are the first ones the baseline usually solves (p ≥ ½), so the effect is real.
  const order = probs.map((p, i) => ({ p, i })).sort((x, y) => y.p - x.p);
  const hit = new Set(order.slice(0, spec.regressed ?? 0).map((x) => x.i));
  const carry = spec.carry ?? 1;
  const side = (cand: boolean) =>
    probs.flatMap((shared, t) => {
      const p = uniform(g) < carry ? shared : beta(g, a);
      const q = cand && hit.has(t) ? p * (spec.keep ?? 0) : p;
      return Array.from({ length: spec.repeats }, () =>
        runOf(g, `t${String(t).padStart(2, "0")}`, q, cand ? (spec.slowdown ?? 1) : 1),
      );
    });
  return {
    baseline: { session: "a" },
    candidate: { session: "b" },
    runs: { baseline: side(false), candidate: side(true) },
    calibration: [],
  };
}

/**
 * The old gate's pass-rate test, for contrast only: exact McNemar over runs paired by repeat
 * index, which assumes independent repeats. True when it would have called the candidate
 * significantly worse at α.
 */
export function runPairedMcnemarRejects(f: GateFacts, alpha: number): boolean {
  // Each run keyed by its task and its place among that task's runs (the repeat index).
  const keyed = (runs: GateRun[]) => {
    const seen = new Map<string, number>();
    return runs.map((r) => {
      const k = (seen.get(r.taskId) ?? 0) + 1;
      seen.set(r.taskId, k);
      return { key: `${r.taskId}#${k}`, passed: r.passed };
    });
  };
  const { aOnly, bOnly } = pairRuns(keyed(f.runs.baseline), keyed(f.runs.candidate), (r) => r.key);
  return aOnly > bOnly && mcnemarExact(aOnly, bOnly) < alpha;
}

export interface SimulatedRates {
  studies: number;
  /** Share of studies the gate failed, with its binomial standard error. */
  gate: number;
  se: number;
  /** Share the pass-rate check alone failed, and the run-paired McNemar (assumes independent repeats). */
  passCheck: number;
  runPairedMcnemar: number;
}

/** Runs the shipped gate on `studies` simulated studies (seeds 1…n) and counts how often it fails. */
export function simulateGate(spec: StudySpec, studies: number, alpha = 0.05): SimulatedRates {
  let gate = 0;
  let pass = 0;
  let naive = 0;
  for (let seed = 1; seed <= studies; seed++) {
    const f = simulateStudy(spec, seed);
    const r = evaluateGate(f, { alpha });
    if (r.regression) gate++;
    if (r.regressions.includes("pass.overall")) pass++;
    if (runPairedMcnemarRejects(f, alpha)) naive++;
  }
  const rate = gate / studies;
  return {
    studies,
    gate: rate,
    se: Math.sqrt((rate * (1 - rate)) / studies),
    passCheck: pass / studies,
    runPairedMcnemar: naive / studies,
  };
}
