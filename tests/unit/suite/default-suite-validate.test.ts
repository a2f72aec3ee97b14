import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateSuite } from "@/domain/suite-validation/validate";
import { progress, scoreFixture } from "@/domain/scoring";
import type { ToolCall, Trace } from "@/domain/protocol";
import { Suite } from "@/domain/suite/schema";
import { SOLUTIONS_PATH, SUITE_PATH } from "../../../scripts/build-suite";
import { replayBash, replayFileTools } from "./support/sim-replay";

/* The default suite judged by the real scoring engine: valid, and every fixture gets its verdict. */

const doc = JSON.parse(readFileSync(SUITE_PATH, "utf8"));

describe("phone-20 under the scoring engine", () => {
  it("validates with no problems (fixtures, milestone reachability, check lint)", () => {
    const v = validateSuite(doc);
    expect(v.ok ? [] : v.problems).toEqual([]);
  });

  const suite = Suite.parse(doc);
  it.each(suite.tasks.flatMap((t) => t.fixtures.map((f) => [`${t.id} / ${f.name}`, t, f] as const)))(
    "%s gets its expected verdict",
    (_name, task, f) => {
      expect(scoreFixture(task, f).passed).toBe(f.expect === "pass");
    },
  );

  const turns = (calls: ToolCall[]) =>
    ({
      turns: [
        { promptTokens: 0, contextTokens: 0, ttftMs: 0, outputTokens: 0, decodeMs: 0, text: "", toolCalls: calls },
      ],
    }) as Pick<Trace, "turns">;

  it.each(suite.tasks.filter((t) => t.milestones).map((t) => [t.id, t] as const))(
    "%s: passing fixtures with calls reach every milestone, step by step",
    (_id, task) => {
      for (const f of task.fixtures.filter((f) => f.expect === "pass" && f.calls)) {
        const p = progress(task, turns(f.calls!));
        expect(p.milestonesReached, f.name).toBe(p.milestonesTotal);
        expect(p.progress[0], f.name).toBeLessThan(p.milestonesTotal);
      }
    },
  );

  const solutions = JSON.parse(readFileSync(SOLUTIONS_PATH, "utf8"));
  it.each(suite.tasks.map((t) => [t.id, t] as const))(
    "%s: both simulator solutions pass and reach every milestone",
    async (_id, task) => {
      const sol = solutions[task.id];
      const runs = [
        replayFileTools(task.workspace, sol.files),
        await replayBash(
          task.workspace,
          sol.bash.map((c: { args: { command: string } }) => c.args.command),
        ),
      ];
      for (const run of runs) {
        const fx = {
          name: "solution",
          expect: "pass" as const,
          reply: sol.reply,
          workspace: run.workspace,
          calls: run.calls,
        };
        const verdict = scoreFixture(task, fx);
        expect(verdict.checks.filter((c) => !c.passed)).toEqual([]);
        const p = progress(task, turns(run.calls));
        expect(p.milestonesReached).toBe(p.milestonesTotal);
      }
    },
  );
});
