import { sampleMedian } from "../stats/bootstrap-median";
import { clusterRobustSlope } from "../stats/robust-slope";
import { taskCheck, taskUnits, taskValue } from "./taskChecks";
import type { CalibrationArms, GateRun, NoiseThreshold } from "./types";

const relChange = (a: number | null, b: number | null) =>
  a !== null && b !== null && a > 0 ? Math.abs(b / a - 1) : null;
const nums = (runs: GateRun[], pick: (r: GateRun) => number | null) =>
  runs.map(pick).filter((v): v is number => v !== null);
const maxOf = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? Math.max(...v) : null;
};

/**
 * The A/A noise of declared calibration sessions (one config run twice, arms by repeat parity):
 * per session, how far arm 2's median model load, median turn time and TTFT slope (cluster-robust
 * fit, runs as clusters) moved from arm 1's, as |relative change|; the largest over the sessions
 * is the noise. Each session's arms are also compared on pass rate with the gate's own test (the
 * sign-flip permutation over tasks) to count how many declared A/A comparisons it rejects at α.
 * With no usable session the noise is absent and the gate uses its margins alone.
 */
export function calibrationNoise(sessions: readonly CalibrationArms[], alpha: number): NoiseThreshold {
  const used = sessions.filter((s) => s.arm1.length && s.arm2.length);
  if (!used.length)
    return { load: null, turn: null, ttft: null, source: "none", sessions: [], aaRejected: 0, aaCompared: 0 };
  const per = used.map((s) => {
    const slope = (runs: GateRun[]) => clusterRobustSlope(runs.map((r) => r.turns))?.slope ?? null;
    const units = taskUnits(s.arm1, s.arm2);
    const values = units.cells.map((c) => taskValue(c, (r) => r.passed));
    return {
      load: relChange(sampleMedian(nums(s.arm1, (r) => r.loadMs)), sampleMedian(nums(s.arm2, (r) => r.loadMs))),
      turn: relChange(sampleMedian(nums(s.arm1, (r) => r.turnMs)), sampleMedian(nums(s.arm2, (r) => r.turnMs))),
      ttft: relChange(slope(s.arm1), slope(s.arm2)),
      rejected:
        values.length > 0 &&
        taskCheck(
          values.map((_, i) => i),
          values,
          -1,
        ).p < alpha,
    };
  });
  return {
    load: maxOf(per.map((x) => x.load)),
    turn: maxOf(per.map((x) => x.turn)),
    ttft: maxOf(per.map((x) => x.ttft)),
    source: "calibration",
    sessions: used.map((s) => s.session),
    aaRejected: per.filter((x) => x.rejected).length,
    aaCompared: per.length,
  };
}
