import type { ToolCall, Trace, Workspace } from "../protocol";
import type { Task } from "../suite/schema";
import { callOkFlags, callPattern, endLabel } from "./call-pattern";
import { evaluateChecks } from "./evaluate";
import { isLooping } from "./looping";
import { HARNESS_TOOL_NAMES, metrics } from "./metrics";
import { outcome } from "./outcome";
import { progress } from "./progress";
import { countRepatches } from "./repatches";
import type { CheckVerdict, RunScore } from "./types";
import { traceCalls } from "./workspace";

/** Scores one run against its task (protocol.md §3). `contextWindow` is the config's, null if unknown. */
export function scoreRun(
  task: Task,
  trace: Trace,
  contextWindow: number | null,
  toolNames: readonly string[] = HARNESS_TOOL_NAMES,
): RunScore {
  const calls = traceCalls(trace);
  const checks = evaluateChecks(task.checks, {
    workspace: trace.workspace,
    seed: task.workspace,
    reply: trace.reply,
    calls,
  });
  const passed = checks.every((c) => c.passed);
  const { outcome: label, outcomeReason } = outcome(trace, passed, calls, checks);
  const p = progress(task, trace);
  return {
    passed,
    outcome: label,
    outcomeReason,
    endReason: trace.end.reason,
    checks,
    looping: isLooping(calls),
    repatches: countRepatches(calls),
    progress: p.progress,
    milestonesReached: p.milestonesReached,
    milestonesTotal: p.milestonesTotal,
    milestoneCalls: p.milestoneCalls,
    metrics: metrics(trace, contextWindow, toolNames),
    callPattern: callPattern(calls, task.workspace, endLabel(trace)),
    callOk: callOkFlags(calls),
  };
}

/** An end state to judge: a fixture, or any hand-made state. */
export interface EndState {
  workspace: Workspace;
  reply: string;
  calls?: ToolCall[];
}

/** Judges a fixture's end state with the task's checks, as a run ending there would be judged. */
export function scoreFixture(task: Task, fixture: EndState): { passed: boolean; checks: CheckVerdict[] } {
  const checks = evaluateChecks(task.checks, {
    workspace: fixture.workspace,
    seed: task.workspace,
    reply: fixture.reply,
    calls: fixture.calls ?? [],
  });
  return { passed: checks.every((c) => c.passed), checks };
}
