import type { ContextEventKind, Trace, Turn } from "../protocol";
import { BASH_TOOL, FILE_TOOLS, PLAN_TOOL } from "../suite/harness-tools";
import { traceCalls } from "./workspace";
import type { RunMetrics } from "./types";

export const HARNESS_TOOL_NAMES: readonly string[] = [...FILE_TOOLS, BASH_TOOL, PLAN_TOOL].map((t) => t.name);

/**
 * Does model text look like it tried to call a tool? Gemma's `<|tool_call>` token, its
 * `call:name{` form, a JSON `{"name": …}` tool object, or `name(` for a known tool name.
 * `name(` is limited to known tools because prose and code samples are full of `word(`.
 *
 * Each form is looked for with `includes`/`indexOf` first: a turn's text is mostly prose, and the
 * lookbehind regex this replaces (`(?<![\w.])(?:names)\(`, compiled per call) was a third of
 * rescoring's time on realistic traces. Same answers (tested against the regex).
 */
export function hasToolCallSyntax(text: string, toolNames: readonly string[] = HARNESS_TOOL_NAMES): boolean {
  if (text.includes("<|tool_call>")) return true;
  if (text.includes("call:") && /\bcall:[A-Za-z_][\w.-]*\s*\{/.test(text)) return true;
  if (text.includes('"name"') && /\{\s*"name"\s*:/.test(text)) return true;
  // Every `(` is a candidate: does a tool name end right before it, with no word character or
  // dot before the name? Prose has few brackets, so this is one fast scan.
  for (let p = text.indexOf("("); p >= 0; p = text.indexOf("(", p + 1)) {
    for (const name of toolNames) {
      const at = p - name.length;
      if (name && at >= 0 && text.startsWith(name, at) && (at === 0 || !/[\w.]/.test(text[at - 1]))) return true;
    }
  }
  return false;
}

/** Median of a list; the mean of the two middle values for an even count; null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function metrics(
  trace: Pick<Trace, "turns" | "load" | "peakContextTokens">,
  contextWindow: number | null,
  toolNames: readonly string[] = HARNESS_TOOL_NAMES,
): RunMetrics {
  const calls = traceCalls(trace);
  const contextEvents: Record<ContextEventKind, number> = { elide: 0, summarize: 0, recall: 0, overflow: 0 };
  for (const turn of trace.turns) for (const e of turn.contextEvents ?? []) contextEvents[e.kind]++;
  return {
    toolCalls: calls.length,
    failedToolCalls: calls.filter((c) => !c.ok).length,
    turns: trace.turns.length,
    firstTtftMs: trace.turns.length ? trace.turns[0].ttftMs : null,
    medianTurnMs: median(trace.turns.map((t: Turn) => t.ttftMs + t.decodeMs)),
    loadMs: trace.load.ms,
    startupTokens: trace.load.startupTokens,
    peakContextTokens: trace.peakContextTokens,
    peakContextShare: contextWindow && contextWindow > 0 ? trace.peakContextTokens / contextWindow : null,
    outputTokens: trace.turns.reduce((sum, t) => sum + t.outputTokens, 0),
    contextEvents,
    unparsedCallTurns: trace.turns.filter((t) => t.toolCalls.length === 0 && hasToolCallSyntax(t.text, toolNames))
      .length,
  };
}
