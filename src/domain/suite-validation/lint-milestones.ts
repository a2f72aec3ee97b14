import { evaluateCheck } from "../scoring";
import type { Check } from "../suite/check";
import { joinPath, type SuiteProblem } from "./problems";
import type { Fixture, Task } from "../suite/schema";

/** A check that looks at tool calls somewhere in its tree (`call_regex`, also under `all`/`any`/`not`). */
export function dependsOnCalls(check: Check): boolean {
  if (check.kind === "call_regex") return true;
  if (check.kind === "all" || check.kind === "any") return check.of.some(dependsOnCalls);
  if (check.kind === "not") return dependsOnCalls(check.check);
  return false;
}

/** A fixture that lists no tool call is a plain end state: it says nothing about the calls a run made. */
const listsCalls = (f: Fixture) => (f.calls?.length ?? 0) > 0;

export interface MilestoneLint {
  problems: SuiteProblem[];
  /** Things the fixtures cannot show either way; the suite is still valid (protocol.md §2 only refuses wrong verdicts). */
  warnings: SuiteProblem[];
}

/**
 * A milestone must move: false on the untouched seed (an error otherwise), and true at some right
 * end state, judged as progress judges it (the fixture's calls, no reply). A milestone on tool
 * calls cannot be judged by a fixture that lists none, so when no right fixture lists calls that is
 * a warning, not an error: a suite of plain end-state fixtures is valid per the contract.
 */
export function lintMilestones(task: Task, at: string): MilestoneLint {
  const problems: SuiteProblem[] = [];
  const warnings: SuiteProblem[] = [];
  const passFixtures = task.fixtures.filter((f) => f.expect === "pass");
  (task.milestones ?? []).forEach((m, i) => {
    const path = joinPath(at, "milestones", i);
    const who = `task \`${task.id}\`, milestone \`${m.id}\` (${m.label})`;
    const onSeed = evaluateCheck(
      m.check,
      { workspace: task.workspace, seed: task.workspace, reply: "", calls: [] },
      m.id,
    );
    if (onSeed.passed) {
      problems.push({
        path,
        message: `${who} is already reached on the seed (no calls, empty reply): ${onSeed.reason}; make its check need something a run does`,
      });
      return; // what the right end states show about it adds nothing to that
    }
    if (passFixtures.length === 0) return; // "needs an `expect: pass` fixture" is reported once for the task

    const judges = dependsOnCalls(m.check) ? passFixtures.filter(listsCalls) : passFixtures;
    if (judges.length === 0) {
      const names = passFixtures.map((f) => `\`${f.name}\``).join(", ");
      warnings.push({
        path,
        message: `${who} depends on tool calls, and no \`expect: pass\` fixture (${names}) lists \`calls\`, so whether a right run reaches it is not checked: add the calls of a right run to one of them to check it`,
      });
      return;
    }
    const atEnds = judges.map((f) => ({
      f,
      v: evaluateCheck(
        m.check,
        { workspace: f.workspace, seed: task.workspace, reply: "", calls: f.calls ?? [] },
        m.id,
      ),
    }));
    if (atEnds.some(({ v }) => v.passed)) return;
    const why = atEnds.map(({ f, v }) => `fixture \`${f.name}\`: ${v.reason}`).join("; ");
    problems.push({
      path,
      message: `${who} is not reached by the end state of any \`expect: pass\` fixture, so a right run can never reach it (${why}); fix its check or the fixtures`,
    });
  });
  return { problems, warnings };
}

/** Every warning of a (stored, so valid) suite, for the Suite page: what its fixtures cannot show. */
export function suiteWarnings(suite: { tasks: readonly Task[] }): (SuiteProblem & { taskId: string })[] {
  return suite.tasks.flatMap((t, i) =>
    lintMilestones(t, joinPath("tasks", i)).warnings.map((w) => ({ ...w, taskId: t.id })),
  );
}
