import { checkIds, scoreFixture } from "../scoring";
import type { CheckVerdict } from "../scoring";
import { lintCheck } from "./lint-checks";
import { lintMilestones } from "./lint-milestones";
import { joinPath, type SuiteProblem } from "./problems";
import { patternsOf, regexRisk } from "./regex-safety";
import type { Task } from "../suite/schema";

/** Ids that occur more than once, each reported at every later occurrence. */
export function duplicates(
  ids: readonly (string | undefined)[],
  at: (i: number) => string,
  what: string,
): SuiteProblem[] {
  const first = new Map<string, number>();
  const problems: SuiteProblem[] = [];
  ids.forEach((id, i) => {
    if (id === undefined) return;
    const j = first.get(id);
    if (j === undefined) first.set(id, i);
    else problems.push({ path: at(i), message: `duplicate ${what} id \`${id}\` (first used at position ${j + 1})` });
  });
  return problems;
}

const listReasons = (vs: CheckVerdict[]) => vs.map((v) => `${v.id}: ${v.reason}`).join("; ");

export interface TaskLint {
  problems: SuiteProblem[];
  warnings: SuiteProblem[];
}

/**
 * Everything wrong with one parsed task, and what its fixtures cannot show (warnings); `at` is its
 * dotted path (e.g. `tasks.3`). Messages name the task by id and fixtures by name, since a reader
 * of the reply should not have to count positions.
 */
export function lintTask(task: Task, at: string): TaskLint {
  const problems: SuiteProblem[] = [];
  const milestones = task.milestones ?? [];

  const ids = checkIds(task.checks);
  problems.push(...duplicates(ids, (i) => joinPath(at, "checks", i), "check"));
  problems.push(
    ...duplicates(
      milestones.map((m) => m.id),
      (i) => joinPath(at, "milestones", i, "id"),
      "milestone",
    ),
  );
  task.checks.forEach((c, i) => problems.push(...lintCheck(c, joinPath(at, "checks", i), task.id, ids[i])));
  milestones.forEach((m, i) =>
    problems.push(...lintCheck(m.check, joinPath(at, "milestones", i, "check"), task.id, m.id)),
  );
  // Running fixtures through a pattern refused above could hang validation itself.
  if ([...task.checks, ...milestones.map((m) => m.check)].flatMap(patternsOf).some((p) => regexRisk(p) !== undefined))
    return { problems, warnings: [] };

  if (!task.fixtures.some((f) => f.expect === "pass"))
    problems.push({
      path: joinPath(at, "fixtures"),
      message: `task \`${task.id}\` needs at least one fixture with \`expect: pass\``,
    });
  if (!task.fixtures.some((f) => f.expect === "fail"))
    problems.push({
      path: joinPath(at, "fixtures"),
      message: `task \`${task.id}\` needs at least one fixture with \`expect: fail\``,
    });

  const milestoneLint = lintMilestones(task, at);
  problems.push(...milestoneLint.problems);

  task.fixtures.forEach((f, i) => {
    const { passed, checks } = scoreFixture(task, f);
    if (passed === (f.expect === "pass")) return;
    const message = passed
      ? `task \`${task.id}\`, fixture \`${f.name}\` expects fail but passes every check: ${listReasons(checks)}`
      : `task \`${task.id}\`, fixture \`${f.name}\` expects pass but fails: ${listReasons(checks.filter((c) => !c.passed))}`;
    problems.push({ path: joinPath(at, "fixtures", i), message });
  });
  return { problems, warnings: milestoneLint.warnings };
}
