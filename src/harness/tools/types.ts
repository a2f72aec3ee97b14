import type { FileChange } from "@/domain/protocol";

/** What one executed tool call returns: `result` is what the model sees next. */
export interface ToolResult {
  ok: boolean;
  result: string;
  changes: FileChange[];
}

export const fail = (result: string): ToolResult => ({ ok: false, result, changes: [] });
export const ok = (result: string, changes: FileChange[] = []): ToolResult => ({ ok: true, result, changes });
