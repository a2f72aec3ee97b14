import type { PairFacts, TaskPassFacts } from "../analytics/compare";
import type { TransitionMatrix } from "../analytics/transitions";
import type { SlopeEstimate } from "../stats/slope-compare";

/** One side of the gate: a session, and optionally one config of it. */
export interface GateSide {
  session: string;
  config?: string;
}

/** Pass counts of one scope (overall, or one task group) for the two tests. */
export interface ScopeFacts {
  /** "overall" or a task group. */
  scope: string;
  tasks: TaskPassFacts[];
  /** Runs paired by (config, task, repeat); a = baseline, b = candidate. */
  pairs: PairFacts;
}

export interface SideLatency {
  /** TTFT on prompt tokens over every turn; null with fewer than three turns. */
  ttft: SlopeEstimate | null;
  medianLoadMs: number | null;
  medianTurnMs: number | null;
}

/** How far medians move between sessions of the same build and config (A/A), as a fraction. */
export interface NoiseThreshold {
  loadMs: number;
  turnMs: number;
  /** "aa": measured from `sessions`; "default": none existed, `DEFAULT_NOISE` is used. */
  source: "aa" | "default";
  sessions: string[];
}

export interface GateFacts {
  baseline: GateSide;
  candidate: GateSide;
  scopes: ScopeFacts[];
  transitions: TransitionMatrix;
  latency: { baseline: SideLatency; candidate: SideLatency; noise: NoiseThreshold };
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
  /** Candidate minus baseline in the check's unit (pass-rate points as a fraction, tasks, ms per token, relative change). */
  effect: number | null;
  effectText: string;
  /** "up" / "down" / "same": the direction of the candidate's figure. */
  direction: "up" | "down" | "same";
  /** Raw and Benjamini–Hochberg adjusted p; null for threshold checks. */
  p: number | null;
  pAdjusted: number | null;
  /** The candidate is worse in this check's direction. */
  worse: boolean;
  regression: boolean;
}

export interface GateReport {
  baseline: GateSide;
  candidate: GateSide;
  alpha: number;
  /** Checks with a p-value, adjusted together. */
  familySize: number;
  noise: NoiseThreshold;
  regression: boolean;
  checks: GateCheck[];
  /** The ids of the checks that regressed, in order. */
  regressions: string[];
}
