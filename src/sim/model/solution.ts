import type { TaskGroup } from "@/domain/suite/schema";

/** One scripted tool call: the tool name, its arguments, and optional words the model says first. */
export interface SimCall {
  name: string;
  args: Record<string, unknown>;
  say?: string;
}

/**
 * How the simulated model solves one task when its behaviour profile is `solves`. Suite authors
 * add one per task id to `SIM_SOLUTIONS` in src/sim/solutions.ts. Calls run in order against the
 * real simulated tools, so they must be correct for the task's seeded workspace (read a file
 * before overwriting or editing it).
 */
export interface SimSolution {
  /** The task's group; inferred when absent (no workspace files → no_files, ≥2 writes → multi_step). */
  group?: TaskGroup;
  /** Calls for configs whose actions are the seven file tools. Omit for tasks that need no files. */
  files?: SimCall[];
  /** Calls for configs with the bash tool: a string is a `bash` command. Omit for tasks that need no files. */
  bash?: (string | SimCall)[];
  /** The final reply after the calls (the whole answer for a no-files task). */
  reply: string;
  /** A wrong answer the model sometimes gives on a no-files task (profile `wrong_answer`). */
  wrongReply?: string;
  /** The word the model searches for (generic fallback, loops, questions); default: the prompt's longest uncommon word. */
  keyword?: string;
  /** The path a careless model guesses instead of searching (profiles `quits_after_failure`, `loops`). */
  guessPath?: string;
  /** What a model that writes without reading produces (profile `placeholder`); default: derived from the solution's writes. */
  placeholder?: { path: string; content: string }[];
}
