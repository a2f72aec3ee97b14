import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Suite } from "@/domain/suite/schema";
import type { Check } from "@/domain/suite/check";
import { SOLUTIONS_PATH, SUITE_PATH } from "../../../scripts/build-suite";
import { evalCheck, progress, replay, type LocalState } from "./support/local-checks";
import { replayBash, replayFileTools } from "./support/sim-replay";

/*
 * Fixture verdicts and solutions of the default suite, judged by the local reading of the check
 * semantics in support/local-checks.ts (the scoring engine's validateSuite is checked in
 * default-suite-validate.test.ts once it exists on this branch).
 */

const suite = Suite.parse(JSON.parse(readFileSync(SUITE_PATH, "utf8")));
const solutions = JSON.parse(readFileSync(SOLUTIONS_PATH, "utf8")) as Record<
  string,
  {
    files: { name: string; args: Record<string, unknown> }[];
    bash: { name: string; args: { command: string } }[];
    reply: string;
  }
>;

const failing = (checks: Check[], s: LocalState) =>
  checks
    .map((c, i) => ({ id: c.id ?? `c${i + 1}`, ok: evalCheck(c, s) }))
    .filter((v) => !v.ok)
    .map((v) => v.id);

describe.each(suite.tasks.map((t) => [t.id, t] as const))("%s", (_id, task) => {
  it.each(task.fixtures.map((f) => [f.name, f] as const))("fixture %s gets its expected verdict", (_name, f) => {
    const state = { workspace: f.workspace, seed: task.workspace, reply: f.reply, calls: f.calls ?? [] };
    const failed = failing(task.checks, state);
    if (f.expect === "pass") expect(failed).toEqual([]);
    else expect(failed.length).toBeGreaterThan(0);
  });

  it("fixtures with calls end in the workspace their calls produce", () => {
    for (const f of task.fixtures.filter((f) => f.calls?.some((c) => c.changes?.length))) {
      const norm = (ws: { files: { path: string; content: string }[] }) =>
        [...ws.files].sort((a, b) => a.path.localeCompare(b.path));
      expect(norm(replay(task.workspace, f.calls!)), f.name).toEqual(norm(f.workspace));
    }
  });

  if (task.milestones) {
    it("reaches no milestone on the seed, and every milestone on a passing fixture's calls", () => {
      const seedState = { workspace: task.workspace, seed: task.workspace, reply: "", calls: [] };
      for (const m of task.milestones!) expect(evalCheck(m.check, seedState), m.id).toBe(false);
      const passing = task.fixtures.filter((f) => f.expect === "pass" && f.calls);
      expect(passing.length).toBeGreaterThan(0);
      for (const f of passing) {
        const p = progress(task.workspace, f.calls!, task.milestones!);
        expect(p.at(-1), f.name).toBe(task.milestones!.length);
        expect(p[0], `${f.name}: first call already reaches everything`).toBeLessThan(task.milestones!.length);
      }
    });
  }

  it("is solved by its file-tool solution", () => {
    const sol = solutions[task.id];
    const run = replayFileTools(task.workspace, sol.files);
    expect(run.calls.filter((c) => !c.ok).map((c) => c.name)).toEqual([]);
    expect(
      failing(task.checks, { workspace: run.workspace, seed: task.workspace, reply: sol.reply, calls: run.calls }),
    ).toEqual([]);
    if (task.milestones)
      expect(progress(task.workspace, run.calls, task.milestones).at(-1) ?? 0).toBe(task.milestones.length);
  });

  it("is solved by its bash solution", async () => {
    const sol = solutions[task.id];
    const run = await replayBash(
      task.workspace,
      sol.bash.map((c) => c.args.command),
    );
    expect(run.calls.filter((c) => !c.ok).map((c) => c.args)).toEqual([]);
    expect(
      failing(task.checks, { workspace: run.workspace, seed: task.workspace, reply: sol.reply, calls: run.calls }),
    ).toEqual([]);
    if (task.milestones)
      expect(progress(task.workspace, run.calls, task.milestones).at(-1) ?? 0).toBe(task.milestones.length);
  });
});
