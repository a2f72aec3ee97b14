import type { ContextEventKind, EndReason, ToolCall, Workspace } from "../protocol";

/** What a check sees: a workspace, the seed it started from, the reply, and the calls so far. */
export interface CheckState {
  workspace: Workspace;
  seed: Workspace;
  reply: string;
  calls: ToolCall[];
}

export interface CheckVerdict {
  id: string;
  passed: boolean;
  /** One human-readable sentence, e.g. "`/todo.md` has no new line matching `- \[ \] .*dentist`". */
  reason: string;
}

export const OUTCOMES = [
  "finished",
  "wrong_result",
  "asked_instead",
  "gave_up",
  "tool_limit",
  "context_full",
  "crashed",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface RunMetrics {
  toolCalls: number;
  failedToolCalls: number;
  turns: number;
  firstTtftMs: number | null;
  /** Median over turns of ttftMs + decodeMs; null with no turns. */
  medianTurnMs: number | null;
  loadMs: number;
  startupTokens: number;
  peakContextTokens: number;
  /** peakContextTokens / contextWindow; null when the window is unknown. */
  peakContextShare: number | null;
  outputTokens: number;
  contextEvents: Record<ContextEventKind, number>;
  /** Turns whose text has tool-call syntax but which produced no executed call. */
  unparsedCallTurns: number;
}

export interface RunScore {
  passed: boolean;
  outcome: Outcome;
  outcomeReason: string;
  endReason: EndReason;
  checks: CheckVerdict[];
  looping: boolean;
  repatches: number;
  /** progress[k-1] = milestones reached by tool call k. */
  progress: number[];
  milestonesReached: number;
  milestonesTotal: number;
  /** milestoneCalls[j] = the tool call k (1-based) that first reached milestone j, null if none did; empty when unscorable. */
  milestoneCalls: (number | null)[];
  metrics: RunMetrics;
  /** The calls abstracted so repeats match, ending with how the run ended (call-pattern.ts). */
  callPattern: string;
  /** callOk[k-1] = whether tool call k succeeded. */
  callOk: boolean[];
  /**
   * Set when the run could not be scored (e.g. scoring ran past its time limit), with the reason:
   * then `passed` is false, `checks` and `progress` are empty, and analytics leave the run out.
   */
  unscorable?: string;
}
