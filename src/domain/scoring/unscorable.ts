import type { Trace } from "../protocol";
import type { Task } from "../suite/schema";
import { callOkFlags } from "./call-pattern";
import { isLooping } from "./looping";
import { HARNESS_TOOL_NAMES, metrics } from "./metrics";
import { outcome } from "./outcome";
import { countRepatches } from "./repatches";
import type { RunScore } from "./types";
import { traceCalls } from "./workspace";

/**
 * The score stored for a run whose checks could not be judged (`reason` says why: its scoring ran
 * past the time limit, or the scorer could not read it). Only what needs no suite regex is kept:
 * metrics, looping, re-patches and each call's ok flag. The verdict is `passed = false` with no
 * checks and no progress, and the outcome is what protocol.md §3's rules give a failed run (a
 * crash is still `crashed`), so the label stays one of the seven; the `unscorable` reason is what
 * tells it apart, and analytics leave such runs out. Rescoring scores them again.
 */
export function unscorableScore(
  task: Pick<Task, "milestones">,
  trace: Trace,
  contextWindow: number | null,
  reason: string,
  toolNames: readonly string[] = HARNESS_TOOL_NAMES,
): RunScore {
  const calls = traceCalls(trace);
  const label = outcome(trace, false, calls, []);
  return {
    passed: false,
    outcome: label.outcome,
    outcomeReason: `not scored: ${reason}; ${label.outcomeReason}`,
    endReason: trace.end.reason,
    checks: [],
    looping: isLooping(calls),
    repatches: countRepatches(calls),
    progress: [],
    milestonesReached: 0,
    milestonesTotal: (task.milestones ?? []).length,
    milestoneCalls: [],
    metrics: metrics(trace, contextWindow, toolNames),
    callPattern: "",
    callOk: callOkFlags(calls),
    unscorable: reason,
  };
}
