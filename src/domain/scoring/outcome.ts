import type { ToolCall, Trace } from "../protocol";
import { describeCall, firstResultLine } from "./describe-call";
import { clip } from "./regex";
import type { CheckVerdict, Outcome } from "./types";

export const ASKS = /\b(could|can|would) you\b|\bplease (provide|tell|share|confirm|let me know)\b|\blet me know\b/i;
export const GIVES_UP =
  /\b(can't|cannot|can not|couldn't|could not|unable to|wasn't able|was not able|not able to|don't have access|do not have access)\b/i;

export interface OutcomeResult {
  outcome: Outcome;
  outcomeReason: string;
}

/**
 * Outcome label by the seven rules of protocol.md §3, first match wins. The end reason goes first
 * so that a run the runtime cut short is never credited or blamed for its (partial) final state.
 * `checks` only enriches the wrong_result sentence with the checks that failed.
 */
export function outcome(
  trace: Pick<Trace, "end" | "reply">,
  passed: boolean,
  calls: readonly ToolCall[],
  checks: readonly CheckVerdict[] = [],
): OutcomeResult {
  const { reason, detail } = trace.end;
  const why = detail ? ` (${clip(detail, 120)})` : "";
  if (reason === "crash" || reason === "timeout" || reason === "cancelled") {
    return { outcome: "crashed", outcomeReason: `crashed: end reason ${reason}${why}` };
  }
  if (reason === "context_full") {
    return { outcome: "context_full", outcomeReason: `context full: the runtime could not ingest more input${why}` };
  }
  if (reason === "tool_limit" || reason === "turn_limit") {
    const limit = reason === "tool_limit" ? "tool-call" : "turn";
    const verdict = passed ? "the checks pass" : "the checks fail";
    return { outcome: "tool_limit", outcomeReason: `hit the ${limit} limit (end reason ${reason}); ${verdict}` };
  }
  if (passed) return { outcome: "finished", outcomeReason: "finished: every check passes" };

  const reply = trace.reply.trim();
  if (!calls.some((c) => c.ok)) {
    const none = calls.length === 0 ? "no tool was called" : "no tool call succeeded";
    if (reply.endsWith("?")) {
      return { outcome: "asked_instead", outcomeReason: `asked instead: ${none} and the reply ends with a question` };
    }
    const ask = ASKS.exec(reply);
    if (ask)
      return { outcome: "asked_instead", outcomeReason: `asked instead: ${none} and the reply says \`${ask[0]}\`` };
  }

  const last = calls[calls.length - 1];
  if (last && !last.ok) {
    const error = firstResultLine(last);
    return {
      outcome: "gave_up",
      outcomeReason: `gave up: the last call \`${describeCall(last)}\` failed${error ? `: ${error}` : ""}`,
    };
  }
  const quit = GIVES_UP.exec(trace.reply);
  if (quit) return { outcome: "gave_up", outcomeReason: `gave up: the reply says \`${quit[0]}\`` };

  const failed = checks.filter((c) => !c.passed);
  const detailText = failed.length ? `: ${failed.map((c) => `${c.id}: ${c.reason}`).join("; ")}` : "";
  return {
    outcome: "wrong_result",
    outcomeReason: `wrong result: the run ended normally but the checks fail${detailText}`,
  };
}
