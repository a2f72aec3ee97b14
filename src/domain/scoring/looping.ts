import type { ToolCall } from "../protocol";
import { stableJson } from "./stable-json";

/** Identity of a call for loop detection: key order in args is the model's noise, not a new call. */
export function callKey(call: Pick<ToolCall, "name" | "args">): string {
  return `${call.name}\u0000${stableJson(call.args)}`;
}

/** The same call twice in a row, or three times anywhere in the run (protocol.md §3). */
export function isLooping(calls: readonly ToolCall[]): boolean {
  const seen = new Map<string, number>();
  let previous: string | undefined;
  for (const call of calls) {
    const key = callKey(call);
    if (key === previous) return true;
    const n = (seen.get(key) ?? 0) + 1;
    if (n >= 3) return true;
    seen.set(key, n);
    previous = key;
  }
  return false;
}
