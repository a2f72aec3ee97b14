import { z } from "zod";
import { WorkspacePath, count } from "./common";

/** A workspace write or deletion made by one tool call, in order. */
export const FileChange = z.union([
  z.object({ path: WorkspacePath, deleted: z.literal(true) }),
  z.object({ path: WorkspacePath, content: z.string() }),
]);
export type FileChange = z.infer<typeof FileChange>;

/** One executed tool call. `args` is normally an object but may be any JSON value (a malformed call). */
export const ToolCall = z.object({
  name: z.string().max(200),
  args: z.json(),
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
  parameters: z.record(z.string(), z.json()),
});
export type ToolDefinition = z.infer<typeof ToolDefinition>;
