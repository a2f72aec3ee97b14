import { type CallProblem, type JsonValue, parseTextCalls } from "@/domain/agent/gemma-calls";
import { stableJson } from "@/domain/scoring/stable-json";
import type { ChatToolCall, Completion } from "./openai";

/** The trace keeps tool names up to 200 characters (protocol ToolCall). */
const MAX_NAME = 200;

export interface ReplyCall {
  id: string;
  name: string;
  args: JsonValue;
}

export interface ReplyCalls {
  calls: ReplyCall[];
  problems: CallProblem[];
  /** The reply's text without the syntax of the calls that were read. */
  text: string;
}

/**
 * Every tool call of one reply: first the endpoint's `tool_calls` (their arguments are JSON
 * text), then calls written in the text in Gemma's or a lenient syntax. Calls found in the text
 * get ids of their own so they can go back to the endpoint as ordinary tool calls.
 */
export function replyCalls(
  c: Pick<Completion, "content" | "toolCalls">,
  toolNames: readonly string[],
  turn: number,
): ReplyCalls {
  const calls: ReplyCall[] = [];
  const problems: CallProblem[] = [];
  for (const tc of c.toolCalls) {
    const raw = tc.function.arguments.trim();
    if (!tc.function.name) {
      problems.push({ name: null, raw: JSON.stringify(tc), message: "the tool call has no name" });
      continue;
    }
    try {
      calls.push({
        id: tc.id,
        name: tc.function.name.slice(0, MAX_NAME),
        args: raw === "" ? {} : (JSON.parse(raw) as JsonValue),
      });
    } catch {
      problems.push({ name: tc.function.name, raw, message: "the arguments are not valid JSON" });
    }
  }
  const parsed = parseTextCalls(c.content, toolNames);
  // Some servers parse a call into tool_calls and also leave its syntax in the content: run it once.
  const native = new Set(calls.map((x) => stableJson([x.name, x.args])));
  parsed.calls.forEach((t, k) => {
    if (!native.has(stableJson([t.name.slice(0, MAX_NAME), t.args])))
      calls.push({ id: `call_${turn}_${k}`, name: t.name.slice(0, MAX_NAME), args: t.args });
  });
  problems.push(...parsed.problems);
  return { calls, problems, text: parsed.text };
}

/** The calls as the endpoint receives them back in the history. */
export function asChatToolCalls(calls: readonly ReplyCall[]): ChatToolCall[] {
  return calls.map((c) => ({
    id: c.id,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
}
