import type { ClusterSums } from "../stats/robust-slope";
import type { NullRejection } from "../stats/null-calibration";
import type { MarginVerdict } from "../stats/robust-slope";

/** One side of the gate: a session, and optionally one config of it. */
export interface GateSide {
  session: string;
  config?: string;
}

/** One scored run of a side, as the gate reads it (src/server/gate/gateFacts.ts). */
export interface GateRun {
  taskId: string;
  group: string;
  configId: string;
  passed: boolean;
  outcome: string;
  loadMs: number | null;
  /** The run's turns' sums for the TTFT fit (x = prompt tokens, y = TTFT ms); n = 0 without turns. */
  turns: ClusterSums;
  /** The run's mean turn time (TTFT + decode) in ms; null without turns. */
  turnMs: number | null;
}

/** Relative changes that are too small to matter, per latency check (fractions: 0.1 is 10%). */
export interface GateMargins {
  load: number;
  turn: number;
  ttft: number;
}

/** One declared A/A calibration session's two arms, compared as the gate compares two sides. */
export interface CalibrationArms {
  session: string;
  arm1: GateRun[];
  arm2: GateRun[];
}

/** How far identical arms moved on this phone (largest |relative change| over the sessions used). */
export interface NoiseThreshold {
  load: number | null;
  turn: number | null;
  ttft: number | null;
  /** "calibration": measured from `sessions`; "none": no declared calibration session matched, margins alone. */
  source: "calibration" | "none";
  sessions: string[];
  /** Declared A/A comparisons whose pass-rate test rejected at α, of those run. */
  aaRejected: number;
  aaCompared: number;
}

export interface GateFacts {
  baseline: GateSide;
  candidate: GateSide;
  runs: { baseline: GateRun[]; candidate: GateRun[] };
  calibration: CalibrationArms[];
}

export type CheckKind = "pass_rate" | "outcome" | "latency";

export interface GateCheck {
  id: string;
  kind: CheckKind;
  /** e.g. "Pass rate, overall" — with `test`, what was checked. */
  label: string;
  test: string;
  baseline: string;
  candidate: string;
  /** Candidate minus baseline: mean per-task difference (fraction) for pass and outcome checks, relative change for latency. */
  effect: number | null;
  effectText: string;
  /** "up" / "down" / "same": the direction of the candidate's figure. */
  direction: "up" | "down" | "same";
  /** Raw and Benjamini–Hochberg adjusted p; latency: the one-sided p of H₀ "change ≤ threshold", not adjusted. */
  p: number | null;
  pAdjusted: number | null;
  /** Latency only: the 95% interval of the relative change, the threshold it was judged against, and the verdict. */
  ci: [number, number] | null;
  threshold: number | null;
  verdict: MarginVerdict["verdict"] | null;
  /** The candidate is worse in this check's direction. */
  worse: boolean;
  regression: boolean;
}

export interface GateReport {
  baseline: GateSide;
  candidate: GateSide;
  alpha: number;
  /** Checks with a BH-adjusted p (pass rate and outcome shares), adjusted together. */
  familySize: number;
  /** Tasks run on both sides: the unit of the pass and outcome checks. */
  tasks: number;
  margins: GateMargins;
  noise: NoiseThreshold;
  /** How often the pass-rate and outcome checks fail the gate when a and b are swapped at random within tasks. */
  calibration: NullRejection;
  /** The unit and the tests, in plain sentences. */
  method: string;
  /** What the gate could not judge, in the user's words (e.g. too few tasks for any pass-rate check to fail). */
  warnings: string[];
  regression: boolean;
  checks: GateCheck[];
  /** The ids of the checks that regressed, in order. */
  regressions: string[];
}
