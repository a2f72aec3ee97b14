import { scoreFixture } from "../scoring";
import type { CheckVerdict } from "../scoring";
import type { Suite } from "../suite/schema";

/** One fixture judged by its task's checks, next to the verdict it expects. */
export interface FixtureResult {
  taskId: string;
  /** The fixture's name. */
  fixture: string;
  /** The fixture's index among its task's fixtures. */
  index: number;
  expect: "pass" | "fail";
  got: "pass" | "fail";
  /** The verdict is the expected one. */
  ok: boolean;
  checks: CheckVerdict[];
}

/** Judges every fixture of every task, in suite order (the suite's self-test, protocol.md §2). */
export function runFixtures(suite: Pick<Suite, "tasks">): FixtureResult[] {
  return suite.tasks.flatMap((task) =>
    task.fixtures.map((f, index) => {
      const { passed, checks } = scoreFixture(task, f);
      const got = passed ? "pass" : "fail";
      return { taskId: task.id, fixture: f.name, index, expect: f.expect, got, ok: got === f.expect, checks };
    }),
  );
}
