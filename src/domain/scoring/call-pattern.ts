import type { ToolCall, Trace, Workspace } from "../protocol";
import { abstractCommand } from "./abstract-command";
import { ASKS, GIVES_UP } from "./outcome";
import { clip } from "./regex";
import { applyCall } from "./workspace";

/** How a run ended, in the words of the study's Table 3. */
export const END_LABELS = ["stop", "ask", "give up", "context full", "tool limit", "crash"] as const;
export type EndLabel = (typeof END_LABELS)[number];

/**
 * The end of a call sequence: the runtime's end reason when it cut the run short; for a run the
 * model ended itself, `ask` when the reply asks the user (ends with `?` or matches ASKS), `give up`
 * when it says it cannot (GIVES_UP), else `stop`. Unlike the outcome label this ignores the
 * checks and the calls, so the same behaviour reads the same whether or not it happened to pass.
 */
export function endLabel(trace: Pick<Trace, "end" | "reply">): EndLabel {
  const reason = trace.end.reason;
  if (reason === "crash" || reason === "timeout" || reason === "cancelled") return "crash";
  if (reason === "context_full") return "context full";
  if (reason === "tool_limit" || reason === "turn_limit") return "tool limit";
  const reply = trace.reply.trim();
  if (reply.endsWith("?") || ASKS.test(reply)) return "ask";
  if (GIVES_UP.test(reply)) return "give up";
  return "stop";
}

/**
 * One call as a step of a pattern, without its ✓/✗. A shell call shows its programs and the
 * kinds of paths it touched (`cat <guessed path>`), since "bash" alone says nothing; any other
 * tool shows its name only, because the tool already is the behaviour and its arguments are what
 * differs between repeats. `ws` is the workspace just before the call.
 */
export function abstractCall(call: Pick<ToolCall, "name" | "args">, ws: Workspace): string {
  const args = call.args;
  if (args !== null && typeof args === "object" && !Array.isArray(args) && typeof args.command === "string") {
    return abstractCommand(args.command, ws) || call.name;
  }
  return clip(call.name, 40);
}

/**
 * A run's calls as one comparable string: `search_files ✓ → read_file ✓ → write_file ✓ → stop`.
 * A step repeated back to back is written once with `×n` so a loop reads as one step. With no
 * calls the pattern is just the end (`ask`).
 */
export function callPattern(calls: readonly ToolCall[], seed: Workspace, end: EndLabel): string {
  const steps: { text: string; n: number }[] = [];
  let ws = seed;
  for (const call of calls) {
    const text = `${abstractCall(call, ws)} ${call.ok ? "✓" : "✗"}`;
    const last = steps[steps.length - 1];
    if (last && last.text === text) last.n++;
    else steps.push({ text, n: 1 });
    ws = applyCall(ws, call);
  }
  return [...steps.map((s) => (s.n > 1 ? `${s.text} ×${s.n}` : s.text)), end].join(" → ");
}

/** Each call's ok flag, in order: where the progress chart draws a failed call. */
export function callOkFlags(calls: readonly ToolCall[]): boolean[] {
  return calls.map((c) => c.ok);
}
