import { checkIds, evaluateCheck, scoreFixture } from "../scoring";
import type { CheckVerdict } from "../scoring";
import { lintCheck } from "./lint-checks";
import { joinPath, type SuiteProblem } from "./problems";
import { patternsOf, regexRisk } from "./regex-safety";
import type { Task } from "./schema";

/** Ids that occur more than once, each reported at every later occurrence. */
export function duplicates(ids: readonly (string | undefined)[], at: (i: number) => string, what: string): SuiteProblem[] {
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

/** Everything wrong with one parsed task; `at` is its dotted path (e.g. `tasks.3`). */
export function lintTask(task: Task, at: string): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const milestones = task.milestones ?? [];

  problems.push(...duplicates(checkIds(task.checks), (i) => joinPath(at, "checks", i), "check"));
  problems.push(...duplicates(milestones.map((m) => m.id), (i) => joinPath(at, "milestones", i, "id"), "milestone"));
  task.checks.forEach((c, i) => problems.push(...lintCheck(c, joinPath(at, "checks", i), task.id)));
  milestones.forEach((m, i) => problems.push(...lintCheck(m.check, joinPath(at, "milestones", i, "check"), task.id, m.id)));
  // Running fixtures through a pattern refused above could hang validation itself.
  if ([...task.checks, ...milestones.map((m) => m.check)].flatMap(patternsOf).some((p) => regexRisk(p) !== undefined)) return problems;

  const passFixtures = task.fixtures.filter((f) => f.expect === "pass");
  if (passFixtures.length === 0) problems.push({ path: joinPath(at, "fixtures"), message: `task \`${task.id}\` needs at least one fixture with \`expect: pass\`` });
  if (!task.fixtures.some((f) => f.expect === "fail")) problems.push({ path: joinPath(at, "fixtures"), message: `task \`${task.id}\` needs at least one fixture with \`expect: fail\`` });

  // A milestone must move: false on the untouched seed, and true at some right end state
  // (judged as progress judges it: with the fixture's calls and no reply).
  milestones.forEach((m, i) => {
    const onSeed = evaluateCheck(m.check, { workspace: task.workspace, seed: task.workspace, reply: "", calls: [] }, m.id);
    if (onSeed.passed) {
      problems.push({ path: joinPath(at, "milestones", i), message: `milestone \`${m.id}\` is already reached on the seed (no calls, empty reply): ${onSeed.reason}` });
    }
    if (passFixtures.length === 0) return; // reported above; every milestone would repeat it
    const atEnds = passFixtures.map((f) =>
      evaluateCheck(m.check, { workspace: f.workspace, seed: task.workspace, reply: "", calls: f.calls ?? [] }, m.id));
    if (!atEnds.some((v) => v.passed)) {
      problems.push({
        path: joinPath(at, "milestones", i),
        message: `milestone \`${m.id}\` is not reached by the end state of any \`expect: pass\` fixture, so a right run can never reach it: ${atEnds[0].reason}`,
      });
    }
  });

  task.fixtures.forEach((f, i) => {
    const { passed, checks } = scoreFixture(task, f);
    if (passed === (f.expect === "pass")) return;
    const message = passed
      ? `fixture \`${f.name}\` expects fail but passes every check: ${listReasons(checks)}`
      : `fixture \`${f.name}\` expects pass but fails: ${listReasons(checks.filter((c) => !c.passed))}`;
    problems.push({ path: joinPath(at, "fixtures", i), message });
  });
  return problems;
}
