import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Suite, TASK_GROUPS } from "@/domain/suite/schema";
import type { Check } from "@/domain/suite/check";
import { BASH_TOOL, FILE_TOOLS, PLAN_TOOL } from "@/domain/suite/harness-tools";
import { renderSolutions, renderSuite, SOLUTIONS_PATH, SUITE_PATH } from "../../../scripts/build-suite";
import { EXAMPLE_SECTIONS } from "../../../suites/src/configs";
import { SEED } from "../../../suites/src/workspace";

const committed = readFileSync(SUITE_PATH, "utf8");
const suite = Suite.parse(JSON.parse(committed));
const solutions = JSON.parse(readFileSync(SOLUTIONS_PATH, "utf8")) as Record<
  string,
  {
    files: { name: string; args: Record<string, unknown> }[];
    bash: { name: string; args: { command: string } }[];
    reply: string;
  }
>;

function kinds(c: Check): string[] {
  if (c.kind === "all" || c.kind === "any") return c.of.flatMap(kinds);
  if (c.kind === "not") return kinds(c.check);
  return [c.kind];
}

describe("suites/phone-20.json", () => {
  it("is exactly what scripts/build-suite.ts generates (rebuild with npx tsx scripts/build-suite.ts)", () => {
    expect(committed).toBe(renderSuite());
    expect(readFileSync(SOLUTIONS_PATH, "utf8")).toBe(renderSolutions());
  });

  it("is suite phone-20, version 4 (context-management configs added; patterns rewritten for the regex-safety check, then to run in linear time), with a name and description", () => {
    expect(suite.id).toBe("phone-20");
    expect(suite.version).toBe(4);
    expect(suite.name).toBeTruthy();
    expect(suite.description).toBeTruthy();
  });

  it("has unique kebab-case task ids and unique config ids, all at version 1 but those whose patterns were rewritten (dates, then linear time)", () => {
    const ids = suite.tasks.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const cids = suite.configs.map((c) => c.id);
    expect(new Set(cids).size).toBe(cids.length);
    const dates = ["warranty-find-read", "dentist-todo-reminder", "committee-summary-todo", "vet-booster"];
    const linear = [
      "shopping-append",
      "passport-tick",
      "parking-letter-move",
      "dentist-todo-reminder",
      "committee-summary-todo",
      "landlord-letter-todo",
      "drafts-index-tick",
      "bank-letter-copy",
      "vet-booster",
    ];
    for (const t of suite.tasks)
      expect(t.version, t.id).toBe(1 + (dates.includes(t.id) ? 1 : 0) + (linear.includes(t.id) ? 1 : 0));
    for (const c of suite.configs) expect(c.version, c.id).toBe(1);
  });

  it("has 20 main tasks split 10/6/4 and at least 4 held-out tasks", () => {
    const main = suite.tasks.filter((t) => !t.heldOut);
    expect(main).toHaveLength(20);
    const by = (g: string) => main.filter((t) => t.group === g).length;
    expect([by("no_files"), by("files"), by("multi_step")]).toEqual([10, 6, 4]);
    expect(suite.tasks.filter((t) => t.heldOut).length).toBeGreaterThanOrEqual(4);
    for (const t of suite.tasks) expect(TASK_GROUPS).toContain(t.group);
  });

  it("starts every task from the one shared seed workspace", () => {
    for (const t of suite.tasks) expect(t.workspace.files).toEqual(SEED);
    const todo = SEED.find((f) => f.path === "/todo.md")!.content;
    expect(todo).toMatch(/^- \[ \] /m);
    expect(todo).toMatch(/^- \[x\] /m);
    expect(SEED.some((f) => f.path.startsWith("/reminders/"))).toBe(true);
  });

  it("gives every multi-step task 3-4 milestones built from call, new-line and file-regex checks", () => {
    for (const t of suite.tasks.filter((t) => t.group === "multi_step")) {
      expect(t.milestones?.length, t.id).toBeGreaterThanOrEqual(3);
      expect(t.milestones!.length, t.id).toBeLessThanOrEqual(4);
      for (const m of t.milestones!) {
        for (const k of kinds(m.check))
          expect(["call_regex", "new_line", "file_regex"], `${t.id}/${m.id}`).toContain(k);
      }
      expect(new Set(t.milestones!.map((m) => m.id)).size).toBe(t.milestones!.length);
    }
  });

  it("has right and wrong fixtures on every task", () => {
    for (const t of suite.tasks) {
      expect(
        t.fixtures.some((f) => f.expect === "pass"),
        t.id,
      ).toBe(true);
      expect(
        t.fixtures.some((f) => f.expect === "fail"),
        t.id,
      ).toBe(true);
      expect(new Set(t.fixtures.map((f) => f.name)).size, t.id).toBe(t.fixtures.length);
    }
  });

  it("has the seven ablation configs and three context-management variants, with the study's limits, components and exact tools", () => {
    const want = {
      bare: ["none", false, false, "none", []],
      files: ["files", false, false, "none", FILE_TOOLS],
      "files-plan": ["files", true, false, "none", [...FILE_TOOLS, PLAN_TOOL]],
      bash: ["bash", false, false, "none", [BASH_TOOL]],
      "bash-plan": ["bash", true, false, "none", [BASH_TOOL, PLAN_TOOL]],
      "files-plan-examples": ["files", true, true, "none", [...FILE_TOOLS, PLAN_TOOL]],
      "bash-plan-examples": ["bash", true, true, "none", [BASH_TOOL, PLAN_TOOL]],
      "bash-plan-examples-elide": ["bash", true, true, "elide", [BASH_TOOL, PLAN_TOOL]],
      "bash-plan-examples-summarize": ["bash", true, true, "summarize", [BASH_TOOL, PLAN_TOOL]],
      "bash-plan-examples-staged": ["bash", true, true, "staged", [BASH_TOOL, PLAN_TOOL]],
    } as const;
    expect(suite.configs.map((c) => c.id)).toEqual(Object.keys(want));
    for (const c of suite.configs) {
      const [actions, planning, examples, context, tools] = want[c.id as keyof typeof want];
      expect(c.components).toEqual({ actions, planning, examples, context });
      expect(c.tools).toEqual(tools);
      expect([c.contextWindow, c.temperature, c.maxToolCalls, c.version]).toEqual([2048, 0.2, 12, 1]);
      expect(c.label).toBeTruthy();
      expect(c.systemPrompt.length).toBeGreaterThan(100);
      expect(c.systemPrompt.includes("Rules:"), c.id).toBe(examples);
      expect(c.systemPrompt.includes("update_plan"), c.id).toBe(planning);
    }
  });

  it("changes only the context component in the context-management variants", () => {
    const base = suite.configs.find((c) => c.id === "bash-plan-examples")!;
    for (const c of suite.configs.filter((x) => x.components.context !== "none")) {
      expect({ ...c, id: base.id, label: base.label, components: { ...c.components, context: "none" } }).toEqual(base);
    }
  });

  it("keeps the worked examples free of the tasks' files, names and words", () => {
    const taskText = suite.tasks
      .flatMap((t) => [t.prompt, ...t.workspace.files.flatMap((f) => [f.path, f.content])])
      .join("\n")
      .toLowerCase();
    const taskWords = new Set(taskText.match(/[a-z][a-z'-]{3,}/g) ?? []);
    // The example content: every double-quoted value after the job name on an example line
    // (paths, file contents, search terms, commands, the sample reply).
    const exampleLines = EXAMPLE_SECTIONS.join("\n")
      .split("\n")
      .filter((l) => l.startsWith("- "));
    expect(exampleLines.length).toBeGreaterThanOrEqual(25);
    const values = exampleLines.flatMap((l) => l.slice(l.indexOf(":") + 1).match(/"(?:[^"\\]|\\.)*"/g) ?? []);
    const exampleWords = new Set(
      values
        .join(" ")
        .toLowerCase()
        .match(/[a-z][a-z'-]{3,}/g) ?? [],
    );
    // Tool vocabulary and command names, not content.
    const generic = new Set(["step", "done", "copy", "move", "delete", "name", "find", "grep", "printf", "echo"]);
    const shared = [...exampleWords].filter((w) => !generic.has(w) && taskWords.has(w));
    expect(shared).toEqual([]);
  });

  it("has a plain-data solution for every task, using the harness tool names", () => {
    const fileNames = new Set(FILE_TOOLS.map((t) => t.name));
    expect(Object.keys(solutions).sort()).toEqual(suite.tasks.map((t) => t.id).sort());
    for (const t of suite.tasks) {
      const s = solutions[t.id];
      expect(s.reply.length, t.id).toBeGreaterThan(0);
      for (const c of s.files) expect(fileNames.has(c.name), `${t.id}: ${c.name}`).toBe(true);
      for (const c of s.bash) expect(c.name).toBe("bash");
      if (t.group === "no_files") expect([s.files.length, s.bash.length], t.id).toEqual([0, 0]);
      else expect(s.files.length > 0 && s.bash.length > 0, t.id).toBe(true);
    }
  });
});
