import type { Task } from "@/domain/suite/schema";

/** A tool call as plain data: the name of a tool in harness-tools.ts and its arguments. */
export interface PlainCall {
  name: string;
  args: Record<string, unknown>;
}

/**
 * A correct way to solve a task, for the simulated phone: the calls to make with the file tools,
 * the calls to make with the bash tool, and the final reply. Tasks that need no files have no calls.
 */
export interface Solution {
  files: PlainCall[];
  bash: { name: "bash"; args: { command: string } }[];
  reply: string;
}

export interface SuiteTask {
  task: Task;
  solution: Solution;
}
