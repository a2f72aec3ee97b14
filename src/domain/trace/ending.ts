import type { Trace } from "../protocol";

/** Where and how a run ended, when that is worth marking on its timeline. */
export interface EndMarker {
  /** The turn after which the run ended (its last turn), or 0 when it ended before its first turn. */
  turn: number;
  reason: Trace["end"]["reason"];
  /** A crash or timeout: the run was cut off, not finished. */
  abnormal: boolean;
  text: string;
}

const WHAT: Record<Trace["end"]["reason"], string> = {
  stop: "the model ended its turn",
  tool_limit: "the tool-call limit was reached",
  turn_limit: "the turn limit was reached",
  context_full: "the context was full: the runtime could not ingest more input",
  crash: "the run crashed",
  timeout: "the run timed out",
  cancelled: "the run was cancelled",
};

/**
 * The mark the timeline shows at the turn where a run stopped for any reason but the model ending
 * its turn (`stop`): "Crashed after turn 7: llama context lost". A trace records turns that completed,
 * so the run ended during or right after its last one; a run with no turns ended before the first.
 * Null for a normal stop, where there is nothing to mark.
 */
export function endMarker(end: Trace["end"], turnCount: number): EndMarker | null {
  if (end.reason === "stop") return null;
  const abnormal = end.reason === "crash" || end.reason === "timeout";
  const where = turnCount === 0 ? "before the first turn" : `after turn ${turnCount}`;
  const head = abnormal ? (end.reason === "crash" ? "Crashed" : "Timed out") : "Ended";
  const detail = end.detail ? `: ${end.detail}` : "";
  const why = abnormal ? "" : ` (${WHAT[end.reason]})`;
  return { turn: turnCount, reason: end.reason, abnormal, text: `${head} ${where}${why}${detail}` };
}
