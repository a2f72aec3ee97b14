import type { ToolCall } from "../protocol";
import { clip } from "./regex";

/**
 * A call as a reader would recognise it: a shell call shows its command line, anything else its
 * name and JSON args, clipped so a long file write does not swamp the sentence.
 */
export function describeCall(call: Pick<ToolCall, "name" | "args">): string {
  const args = call.args;
  if (args !== null && typeof args === "object" && !Array.isArray(args) && typeof args.command === "string") {
    return clip(args.command);
  }
  return clip(`${call.name} ${JSON.stringify(args) ?? ""}`.trim());
}

/** The first non-blank line of a call's result, which is where tools put the error. */
export function firstResultLine(call: Pick<ToolCall, "result">): string | undefined {
  const line = call.result
    ?.split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  return line === undefined ? undefined : clip(line, 120);
}
