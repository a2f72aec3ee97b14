import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runFixtures } from "@/domain/suite-validation/fixtures";
import type { Suite } from "@/domain/suite/schema";

const seed = { files: [{ path: "/todo.md", content: "- [ ] milk" }] };

/** One task with one fixture judged as it expects and one whose `expect` is wrong. */
const suite: Pick<Suite, "tasks"> = {
  tasks: [
    {
      id: "todo-dentist",
      version: 1,
      group: "files",
      prompt: "Add the dentist to my todo list.",
      workspace: seed,
      checks: [
        { kind: "new_line", id: "item", path: "/todo.md", pattern: "^- \\[ \\] .*dentist", flags: "i" },
        { kind: "reply_regex", pattern: "added", flags: "i" },
      ],
      fixtures: [
        {
          name: "right",
          expect: "pass",
          reply: "Added it.",
          workspace: { files: [{ path: "/todo.md", content: "- [ ] milk\n- [ ] Dentist on Tuesday" }] },
        },
        { name: "mislabelled", expect: "pass", reply: "Added it.", workspace: seed },
      ],
    },
  ],
};

describe("runFixtures", () => {
  const results = runFixtures(suite);

  it("judges each fixture once, in order", () => {
    expect(results.map((r) => [r.taskId, r.fixture, r.index])).toEqual([
      ["todo-dentist", "right", 0],
      ["todo-dentist", "mislabelled", 1],
    ]);
  });

  it("a fixture judged as it expects is ok", () => {
    expect(results[0]).toMatchObject({ expect: "pass", got: "pass", ok: true });
    expect(results[0].checks.map((c) => [c.id, c.passed])).toEqual([
      ["item", true],
      ["c2", true],
    ]);
  });

  it("a fixture judged otherwise is not ok, with the failing check's reason", () => {
    expect(results[1]).toMatchObject({ expect: "pass", got: "fail", ok: false });
    const failed = results[1].checks.filter((c) => !c.passed);
    expect(failed.map((c) => c.id)).toEqual(["item"]);
    expect(failed[0].reason).toBe("`/todo.md` has no new line matching `^- \\[ \\] .*dentist` (flags `i`)");
  });

  it("every fixture of the default suite gets its expected verdict", () => {
    const phone20 = JSON.parse(readFileSync("suites/phone-20.json", "utf8")) as Suite;
    const all = runFixtures(phone20);
    expect(all.length).toBe(phone20.tasks.reduce((n, t) => n + t.fixtures.length, 0));
    expect(all.filter((r) => !r.ok).map((r) => `${r.taskId}/${r.fixture}`)).toEqual([]);
  });
});
