import { describe, expect, it } from "vitest";
import { validateSuite } from "@/domain/suite-validation/validate";
import type { Suite } from "@/domain/suite/schema";

/** A small valid suite; each test breaks one thing in a fresh copy. */
function suite(): Suite {
  return {
    id: "phone-20",
    version: 1,
    tasks: [
      {
        id: "dentist-todo",
        version: 1,
        group: "multi_step",
        prompt: "Add my dentist appointment to my todo list.",
        workspace: {
          files: [
            { path: "/notes/health.md", content: "Dentist: 14 May" },
            { path: "/todo.md", content: "- [ ] milk" },
          ],
        },
        checks: [
          { kind: "new_line", path: "/todo.md", pattern: "- \\[ \\] .*dentist", flags: "i" },
          { kind: "file_unchanged", id: "kept", path: "/notes/health.md" },
        ],
        milestones: [
          { id: "read", label: "read the note", check: { kind: "call_regex", pattern: "health", ok: true } },
          {
            id: "todo",
            label: "wrote the todo",
            check: { kind: "new_line", path: "/todo.md", pattern: "dentist", flags: "i" },
          },
        ],
        fixtures: [
          {
            name: "right",
            expect: "pass",
            reply: "Added.",
            workspace: {
              files: [
                { path: "/notes/health.md", content: "Dentist: 14 May" },
                { path: "/todo.md", content: "- [ ] milk\n- [ ] Dentist 14 May" },
              ],
            },
            calls: [{ name: "bash", args: { command: "cat /notes/health.md" }, ok: true }],
          },
          {
            name: "untouched",
            expect: "fail",
            reply: "Added.",
            workspace: {
              files: [
                { path: "/notes/health.md", content: "Dentist: 14 May" },
                { path: "/todo.md", content: "- [ ] milk" },
              ],
            },
          },
        ],
      },
      {
        id: "short-answer",
        version: 1,
        group: "no_files",
        prompt: "What is 2+2? Answer briefly.",
        workspace: { files: [] },
        checks: [
          { kind: "reply_regex", pattern: "\\b4\\b" },
          { kind: "word_count", of: "reply", max: 5 },
        ],
        fixtures: [
          { name: "right", expect: "pass", reply: "It is 4.", workspace: { files: [] } },
          {
            name: "chatty",
            expect: "fail",
            reply: "Well, the answer you are looking for is 4.",
            workspace: { files: [] },
          },
        ],
      },
    ],
    configs: [
      {
        id: "bash-plain",
        version: 1,
        label: "bash",
        systemPrompt: "You are helpful.",
        tools: [],
        components: { actions: "bash", planning: false, examples: false, context: "none" },
        contextWindow: 2048,
        temperature: 0.2,
        maxToolCalls: 12,
      },
    ],
  };
}

function problemsOf(s: unknown, previous: Suite[] = []) {
  const r = validateSuite(s, previous);
  return r.ok ? [] : r.problems;
}

describe("validateSuite", () => {
  it("accepts a valid suite and returns it", () => {
    const r = validateSuite(suite());
    expect(r).toEqual({ ok: true, suite: suite(), warnings: [] });
  });

  it("reports zod issues with dotted paths", () => {
    const s = suite() as unknown as { tasks: { group: string }[]; configs: { temperature: number }[] };
    s.tasks[0].group = "weird";
    s.configs[0].temperature = 5;
    const paths = problemsOf(s).map((p) => p.path);
    expect(paths).toContain("tasks.0.group");
    expect(paths).toContain("configs.0.temperature");
  });

  it("a non-object is refused, not thrown on", () => {
    expect(validateSuite(null).ok).toBe(false);
    expect(validateSuite("suite").ok).toBe(false);
  });

  const cases: [string, (s: Suite) => void, string, RegExp][] = [
    [
      "duplicate task id",
      (s) => {
        s.tasks[1].id = "dentist-todo";
      },
      "tasks.1.id",
      /duplicate task id `dentist-todo`/,
    ],
    [
      "duplicate config id",
      (s) => {
        s.configs.push({ ...s.configs[0] });
      },
      "configs.1.id",
      /duplicate config id `bash-plain`/,
    ],
    [
      "duplicate milestone id",
      (s) => {
        s.tasks[0].milestones![1].id = "read";
      },
      "tasks.0.milestones.1.id",
      /duplicate milestone id `read`/,
    ],
    [
      "explicit check id equal to a default id",
      (s) => {
        s.tasks[1].checks[1].id = "c1";
      },
      "tasks.1.checks.1",
      /duplicate check id `c1`/,
    ],
    [
      "invalid regex",
      (s) => {
        s.tasks[1].checks[0] = { kind: "reply_regex", pattern: "(4" };
      },
      "tasks.1.checks.0.pattern",
      /`\(4` is not a valid regex/,
    ],
    [
      "regex invalid only with its flags",
      (s) => {
        s.tasks[1].checks[0] = { kind: "reply_regex", pattern: "\\p{L", flags: "u" };
      },
      "tasks.1.checks.0.pattern",
      /not a valid regex/,
    ],
    [
      "invalid regex nested in a milestone",
      (s) => {
        s.tasks[0].milestones![0].check = { kind: "not", check: { kind: "call_regex", pattern: "[" } };
      },
      "tasks.0.milestones.0.check.check.pattern",
      /not a valid regex/,
    ],
    [
      "both path and glob",
      (s) => {
        s.tasks[1].checks.push({ kind: "file_absent", path: "/a.md", glob: "/**" });
      },
      "tasks.1.checks.2",
      /either `path` or `glob`, not both/,
    ],
    [
      "neither path nor glob, nested",
      (s) => {
        s.tasks[1].checks.push({ kind: "any", of: [{ kind: "file_exists" }] });
      },
      "tasks.1.checks.2.of.0",
      /needs a `path` or a `glob`/,
    ],
    [
      "word_count of file without path",
      (s) => {
        s.tasks[1].checks[1] = { kind: "word_count", of: "file", max: 5 };
      },
      "tasks.1.checks.1",
      /`of: file` needs a `path`/,
    ],
    [
      "min > max",
      (s) => {
        s.tasks[1].checks[1] = { kind: "word_count", of: "reply", min: 6, max: 5 };
      },
      "tasks.1.checks.1",
      /`min` 6 is more than `max` 5/,
    ],
    [
      "milestone reached on the seed",
      (s) => {
        s.tasks[0].milestones!.push({ id: "easy", label: "e", check: { kind: "file_exists", path: "/todo.md" } });
      },
      "tasks.0.milestones.2",
      /^task `dentist-todo`, milestone `easy` \(e\) is already reached on the seed/,
    ],
    [
      "milestone no pass fixture reaches",
      (s) => {
        s.tasks[0].milestones!.push({ id: "never", label: "n", check: { kind: "file_exists", path: "/calendar.ics" } });
      },
      "tasks.0.milestones.2",
      /^task `dentist-todo`, milestone `never` \(n\) is not reached by the end state of any `expect: pass` fixture.*fixture `right`: `\/calendar\.ics` does not exist/,
    ],
    [
      "milestone on a call the pass fixture's calls never made",
      (s) => {
        s.tasks[0].fixtures[0].calls = [{ name: "bash", args: { command: "ls /" }, ok: true }];
      },
      "tasks.0.milestones.0",
      /milestone `read` \(read the note\) is not reached.*fixture `right`: no successful call has args matching `health`/,
    ],
    [
      "milestone on a call nested in `all`, with calls that never make it",
      (s) => {
        s.tasks[0].milestones![0].check = {
          kind: "all",
          of: [
            { kind: "file_exists", path: "/todo.md" },
            { kind: "call_regex", pattern: "calendar" },
          ],
        };
      },
      "tasks.0.milestones.0",
      /milestone `read` \(read the note\) is not reached/,
    ],
    [
      "no pass fixture",
      (s) => {
        s.tasks[1].fixtures = s.tasks[1].fixtures.filter((f) => f.expect === "fail");
      },
      "tasks.1.fixtures",
      /needs at least one fixture with `expect: pass`/,
    ],
    [
      "no fail fixture",
      (s) => {
        s.tasks[1].fixtures = s.tasks[1].fixtures.filter((f) => f.expect === "pass");
      },
      "tasks.1.fixtures",
      /needs at least one fixture with `expect: fail`/,
    ],
    [
      "pass fixture that fails names the failing check",
      (s) => {
        s.tasks[1].fixtures[0].reply = "It is four.";
      },
      "tasks.1.fixtures.0",
      /^task `short-answer`, fixture `right` expects pass but fails: c1: reply does not match `\\b4\\b`$/,
    ],
    [
      "fail fixture that passes names the passing checks",
      (s) => {
        s.tasks[1].fixtures[1].reply = "4";
      },
      "tasks.1.fixtures.1",
      /^task `short-answer`, fixture `chatty` expects fail but passes every check: c1: reply matches `\\b4\\b`; c2: reply has 1 word, at most 5$/,
    ],
  ];
  it.each(cases)("%s", (_n, breakIt, path, message) => {
    const s = suite();
    breakIt(s);
    const problems = problemsOf(s);
    expect(problems.filter((p) => p.path === path && message.test(p.message))).toHaveLength(1);
  });

  describe("a milestone on tool calls with plain end-state fixtures (protocol.md §2 does not refuse it)", () => {
    const warningFor = (id: string) => ({
      path: "tasks.0.milestones.0",
      message: `task \`dentist-todo\`, milestone \`${id}\` (read the note) depends on tool calls, and no \`expect: pass\` fixture (\`right\`) lists \`calls\`, so whether a right run reaches it is not checked: add the calls of a right run to one of them to check it`,
    });

    it.each([
      ["a call_regex", (_s: Suite) => {}],
      [
        "a call_regex nested in all",
        (s: Suite) => {
          s.tasks[0].milestones![0].check = {
            kind: "all",
            of: [
              { kind: "file_exists", path: "/todo.md" },
              { kind: "call_regex", pattern: "health" },
            ],
          };
        },
      ],
      [
        "a call_regex nested in any and not",
        (s: Suite) => {
          s.tasks[0].milestones![0].check = {
            kind: "any",
            of: [
              { kind: "file_exists", path: "/calendar.ics" },
              { kind: "not", check: { kind: "not", check: { kind: "call_regex", pattern: "health" } } },
            ],
          };
        },
      ],
    ])("%s is valid, with a warning naming task and milestone", (_n, shape) => {
      const s = suite();
      shape(s);
      delete s.tasks[0].fixtures[0].calls;
      const r = validateSuite(s);
      expect(r.ok).toBe(true);
      expect(r.warnings).toEqual([warningFor("read")]);
    });

    it("an empty `calls` list is a plain end state too", () => {
      const s = suite();
      s.tasks[0].fixtures[0].calls = [];
      expect(validateSuite(s)).toMatchObject({ ok: true, warnings: [warningFor("read")] });
    });

    it("a milestone on files alone is still refused when no right end state reaches it", () => {
      const s = suite();
      delete s.tasks[0].fixtures[0].calls;
      s.tasks[0].milestones![1].check = { kind: "file_exists", path: "/calendar.ics" };
      const r = validateSuite(s);
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.problems.map((p) => p.path)).toEqual(["tasks.0.milestones.1"]);
      expect(r.warnings.map((w) => w.path)).toEqual(["tasks.0.milestones.0"]);
    });

    it("a wrong fixture verdict or a milestone reached on the seed is still refused beside the warning", () => {
      const s = suite();
      delete s.tasks[0].fixtures[0].calls;
      s.tasks[0].milestones!.push({
        id: "easy",
        label: "e",
        check: {
          kind: "any",
          of: [
            { kind: "call_regex", pattern: "x" },
            { kind: "file_exists", path: "/todo.md" },
          ],
        },
      });
      s.tasks[0].fixtures[1].workspace = s.tasks[0].fixtures[0].workspace; // the wrong end state now passes
      const r = validateSuite(s);
      expect(r.ok).toBe(false);
      expect(r.ok ? [] : r.problems.map((p) => p.path)).toEqual(["tasks.0.milestones.2", "tasks.0.fixtures.1"]);
      expect(r.warnings.map((w) => w.path)).toEqual(["tasks.0.milestones.0"]);
    });
  });

  it("lists every problem at once, zod and semantic together", () => {
    const s = suite() as Suite;
    s.tasks[0].checks[0] = { kind: "reply_regex", pattern: "(" };
    s.tasks[1].checks[1] = { kind: "word_count", of: "reply", min: 9, max: 1 };
    (s.configs[0] as { maxToolCalls: number }).maxToolCalls = -1;
    const paths = problemsOf(s).map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(["configs.0.maxToolCalls", "tasks.0.checks.0.pattern", "tasks.1.checks.1"]),
    );
  });

  it("tasks that parse on their own are linted even when another part of the suite is malformed", () => {
    const s = suite() as unknown as Record<string, unknown> & { tasks: Suite["tasks"] };
    s.configs = "nope";
    s.tasks[1].checks[1] = { kind: "word_count", of: "reply", min: 9, max: 1 };
    const paths = problemsOf(s).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["configs", "tasks.1.checks.1"]));
  });

  describe("versions against stored suites", () => {
    it("an edited task keeping its version is refused", () => {
      const stored = suite();
      const s = suite();
      s.tasks[1].prompt = "What is 2+2?";
      expect(problemsOf(s, [stored])).toEqual([
        {
          path: "tasks.1.version",
          message:
            "task `short-answer` differs from its version 1 in suite `phone-20` version 1: bump its `version` (to 2)",
        },
        {
          path: "version",
          message: "suite `phone-20` version 1 is already stored with other content: bump the suite's `version` (to 2)",
        },
      ]);
    });

    it("an edited config keeping its version is refused", () => {
      const s = suite();
      s.configs[0].temperature = 0.7;
      expect(problemsOf(s, [suite()]).map((p) => p.path)).toEqual(["configs.0.version", "version"]);
    });

    it("a suite version already stored with other content is refused, even when every task and config version was bumped", () => {
      const s = suite();
      s.tasks[1].prompt = "What is 2+2?";
      s.tasks[1].version = 2;
      expect(problemsOf(s, [suite()])).toEqual([
        {
          path: "version",
          message: "suite `phone-20` version 1 is already stored with other content: bump the suite's `version` (to 2)",
        },
      ]);
    });

    it("a bumped version, a reordered-keys copy, or another suite id is fine", () => {
      const bumped = suite();
      bumped.tasks[1].prompt = "What is 2+2?";
      bumped.tasks[1].version = 2;
      bumped.version = 2;
      expect(validateSuite(bumped, [suite()]).ok).toBe(true);

      const reordered = suite();
      const t = reordered.tasks[1];
      reordered.tasks[1] = Object.fromEntries(Object.entries(t).reverse()) as typeof t;
      expect(validateSuite(reordered, [suite()]).ok).toBe(true);

      const other = suite();
      other.tasks[1].prompt = "changed";
      const storedElsewhere = { ...suite(), id: "other-suite" };
      expect(validateSuite(other, [storedElsewhere]).ok).toBe(true);
    });
  });
});
