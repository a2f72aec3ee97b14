import { toValidationIssues } from "../protocol/errors";
import { duplicates, lintTask } from "./lint-task";
import { lintVersions } from "./lint-versions";
import { joinPath, type SuiteProblem } from "./problems";
import { Suite, Task } from "./schema";

export type { SuiteProblem } from "./problems";
/**
 * `warnings` are what the fixtures cannot show either way (a milestone on tool calls with no right
 * fixture listing calls): reported beside the verdict, never a reason to refuse.
 */
export type SuiteValidation =
  | { ok: true; suite: Suite; warnings: SuiteProblem[] }
  | { ok: false; problems: SuiteProblem[]; warnings: SuiteProblem[] };

const idOf = (x: unknown): string | undefined =>
  x !== null && typeof x === "object" && typeof (x as { id?: unknown }).id === "string" ? (x as { id: string }).id : undefined;

/**
 * Validates a suite document and runs its fixtures, listing every problem at once so an author
 * fixes them in one pass. When the document does not parse as a whole, tasks that do parse on
 * their own are still linted, so structural errors do not hide semantic ones.
 * `previous` holds stored suites; those with the same id guard against edits without a version bump.
 */
export function validateSuite(input: unknown, previous: readonly Suite[] = []): SuiteValidation {
  const parsed = Suite.safeParse(input);
  const problems: SuiteProblem[] = parsed.success ? [] : toValidationIssues(parsed.error);

  const raw = (input ?? {}) as { tasks?: unknown; configs?: unknown };
  const rawTasks = Array.isArray(raw.tasks) ? (raw.tasks as unknown[]) : [];
  const rawConfigs = Array.isArray(raw.configs) ? (raw.configs as unknown[]) : [];
  problems.push(...duplicates(rawTasks.map(idOf), (i) => joinPath("tasks", i, "id"), "task"));
  problems.push(...duplicates(rawConfigs.map(idOf), (i) => joinPath("configs", i, "id"), "config"));

  const warnings: SuiteProblem[] = [];
  rawTasks.forEach((t, i) => {
    const task = parsed.success ? parsed.data.tasks[i] : Task.safeParse(t).data;
    if (!task) return;
    const lint = lintTask(task, joinPath("tasks", i));
    problems.push(...lint.problems);
    warnings.push(...lint.warnings);
  });
  if (parsed.success) problems.push(...lintVersions(parsed.data, previous));

  return parsed.success && problems.length === 0 ? { ok: true, suite: parsed.data, warnings } : { ok: false, problems, warnings };
}
