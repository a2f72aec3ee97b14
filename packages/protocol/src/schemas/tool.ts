import { z } from "zod";
import { WorkspacePath, count } from "./common.ts";
import { isJsonValue } from "./json-depth.ts";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any JSON value. Checked by one iterative walk rather than `z.json()`'s recursive union, which
 * was the largest part of validating a trace (a call's args, a tool's parameter schema).
 */
export const JsonValue = z.custom<JsonValue>(
  isJsonValue,
  "must be a JSON value (null, boolean, finite number, string, array or object)",
);

/**
 * The most tool calls a run can make: a config's `maxToolCalls` is at most this (suite schema),
 * and the device stops there (`tool_limit`). A trace reporting more is refused, since scoring
 * replays the run after every call and its cost grows with the square of the calls.
 */
export const MAX_TOOL_CALLS = 1000;

/**
 * The most turns a run can report. A turn either makes tool calls or ends the run, so a real run
 * has at most about one turn per call plus a few whose call could not be parsed; twice the call
 * cap leaves room for a reply-less turn after every call. Each turn is a `turns` row and a point
 * of the latency views, so an uncapped list (20,000 turns fit in 5 MiB) would only be stored to
 * slow them down.
 */
export const MAX_TURNS = 2 * MAX_TOOL_CALLS;

/** A workspace write or deletion made by one tool call, in order. */
export const FileChange = z.union([
  z.object({ path: WorkspacePath, deleted: z.literal(true) }),
  z.object({ path: WorkspacePath, content: z.string() }),
]);
export type FileChange = z.infer<typeof FileChange>;

/** One executed tool call. `args` is normally an object but may be any JSON value (a malformed call). */
export const ToolCall = z.object({
  name: z.string().max(200),
  args: JsonValue,
  ok: z.boolean(),
  result: z.string().optional(),
  ms: count().optional(),
  changes: z.array(FileChange).optional(),
});
export type ToolCall = z.infer<typeof ToolCall>;

/** A tool definition as the model sees it: JSON Schema parameters. */
export const ToolDefinition = z.object({
  name: z.string().min(1).max(64),
  description: z.string().min(1),
  parameters: z.record(z.string(), JsonValue),
});
export type ToolDefinition = z.infer<typeof ToolDefinition>;
