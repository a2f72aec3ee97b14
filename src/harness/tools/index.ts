import { runBash } from "./bash";
import { runFileTool } from "./files";
import type { Workspace } from "./workspace";
import type { ToolResult } from "./types";

export type { ToolResult } from "./types";
export { Workspace, WorkspaceSeedError, normalizePath } from "./workspace";
export { runBash } from "./bash";
export { runFileTool, renderPlan } from "./files";

/** Runs any harness tool by name over the workspace. */
export async function runTool(ws: Workspace, name: string, args: unknown): Promise<ToolResult> {
  if (name === "bash") {
    const command =
      typeof args === "object" && args !== null && !Array.isArray(args)
        ? (args as Record<string, unknown>).command
        : undefined;
    return runBash(ws, command);
  }
  return runFileTool(ws, name, args);
}
