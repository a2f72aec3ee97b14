import { z } from "zod";
import { Workspace } from "../protocol/common";
import { Components } from "../protocol/messages";
import { MAX_TOOL_CALLS, ToolCall, ToolDefinition } from "../protocol/tool";
import { CheckSchema } from "./check";

const Id = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "ids use letters, digits, `.`, `_` and `-`");
const Version = z.number().int().min(1);

/**
 * How much one suite may hold. Far above any real suite (the default suite: 24 tasks, 10
 * configs, at most 4 fixtures, 6 checks and 4 milestones a task), so they only stop documents
 * made to hurt: a 55,000-task suite blocked the server 11 s on import and made a 225 MB page
 * (issue 14). A study of 1,000 tasks × 3 repeats × 10 configs is already 30,000 runs.
 */
export const SUITE_LIMITS = { tasks: 1_000, configs: 100, fixtures: 50, checks: 100, milestones: 100 } as const;
const most = (n: number, what: string, advice: string) =>
  [n, `at most ${n.toLocaleString("en-US")} ${what}; ${advice}`] as const;

export const TaskGroup = z.enum(["no_files", "files", "multi_step"]);
export type TaskGroup = z.infer<typeof TaskGroup>;
export const TASK_GROUPS: readonly TaskGroup[] = TaskGroup.options;

export const Milestone = z.object({ id: Id, label: z.string().min(1), check: CheckSchema });
export type Milestone = z.infer<typeof Milestone>;

/** A deliberately right or wrong end state that a task's checks must judge as `expect` says. */
export const Fixture = z.object({
  name: z.string().min(1),
  expect: z.enum(["pass", "fail"]),
  reply: z.string(),
  workspace: Workspace,
  calls: z.array(ToolCall).optional(),
});
export type Fixture = z.infer<typeof Fixture>;

export const Task = z.object({
  id: Id,
  version: Version,
  group: TaskGroup,
  heldOut: z.boolean().optional(),
  title: z.string().optional(),
  prompt: z.string().min(1),
  workspace: Workspace,
  checks: z
    .array(CheckSchema)
    .min(1, "a task needs at least one check")
    .max(...most(SUITE_LIMITS.checks, "checks a task", "combine them with `all`/`any` or split the task")),
  milestones: z
    .array(Milestone)
    .max(...most(SUITE_LIMITS.milestones, "milestones a task", "keep the ones that mark real progress"))
    .optional(),
  fixtures: z
    .array(Fixture)
    .max(...most(SUITE_LIMITS.fixtures, "fixtures a task", "keep the end states that tell the checks apart")),
});
export type Task = z.infer<typeof Task>;

export const Config = z.object({
  id: Id,
  version: Version,
  label: z.string().min(1),
  components: Components,
  systemPrompt: z.string(),
  tools: z.array(ToolDefinition),
  contextWindow: z.number().int().min(256),
  temperature: z.number().min(0).max(2),
  maxToolCalls: z.number().int().min(0).max(MAX_TOOL_CALLS),
});
export type Config = z.infer<typeof Config>;

/** A suite document (protocol.md §2). Extra top-level fields (name, description) are allowed. */
export const Suite = z.object({
  id: Id,
  version: Version,
  name: z.string().optional(),
  description: z.string().optional(),
  tasks: z
    .array(Task)
    .min(1)
    .max(...most(SUITE_LIMITS.tasks, "tasks a suite", "split it into several suites")),
  configs: z
    .array(Config)
    .min(1)
    .max(...most(SUITE_LIMITS.configs, "configs a suite", "split it into several suites")),
});
export type Suite = z.infer<typeof Suite>;
