import { describe, expect, it } from "vitest";
import { describeCheck } from "@/domain/suite/describe";
import { CHECK_KINDS, type Check } from "@/domain/suite/check";

const cases: [string, Check, string][] = [
  ["file_exists by path", { kind: "file_exists", path: "/todo.md" }, "`/todo.md` exists"],
  ["file_exists by glob", { kind: "file_exists", glob: "/reminders/**" }, "a file matching `/reminders/**` exists"],
  ["file_exists with no target", { kind: "file_exists" }, "a file (no path or glob given) exists"],
  [
    "file_absent by path",
    { kind: "file_absent", path: "/letters/council-parking.md" },
    "`/letters/council-parking.md` does not exist",
  ],
  ["file_absent by glob", { kind: "file_absent", glob: "/drafts/*.tmp" }, "no file matching `/drafts/*.tmp` exists"],
  [
    "file_regex by path",
    { kind: "file_regex", path: "/todo.md", pattern: "^- \\[x\\] .*passport", flags: "im" },
    "`/todo.md` has content matching /^- \\[x\\] .*passport/im",
  ],
  [
    "file_regex by glob",
    { kind: "file_regex", glob: "/reminders/**", pattern: "dentist" },
    "a file matching `/reminders/**` has content matching /dentist/",
  ],
  ["file_unchanged", { kind: "file_unchanged", path: "/notes/health.md" }, "`/notes/health.md` is unchanged"],
  [
    "new_line",
    { kind: "new_line", path: "/todo.md", pattern: "^- \\[ \\] .*dentist", flags: "i" },
    "`/todo.md` gains a line matching /^- \\[ \\] .*dentist/i",
  ],
  ["reply_regex", { kind: "reply_regex", pattern: "\\b31\\b" }, "reply matches /\\b31\\b/"],
  [
    "reply_regex with flags",
    { kind: "reply_regex", pattern: "tulip-meadow-42", flags: "i" },
    "reply matches /tulip-meadow-42/i",
  ],
  ["word_count exact", { kind: "word_count", of: "reply", min: 15, max: 15 }, "reply has exactly 15 words"],
  ["word_count exactly one", { kind: "word_count", of: "reply", min: 1, max: 1 }, "reply has exactly 1 word"],
  [
    "word_count range",
    { kind: "word_count", of: "file", path: "/notes/summary.md", min: 8, max: 150 },
    "`/notes/summary.md` has 8–150 words",
  ],
  ["word_count min only", { kind: "word_count", of: "reply", min: 3 }, "reply has at least 3 words"],
  ["word_count max only", { kind: "word_count", of: "reply", max: 24 }, "reply has at most 24 words"],
  ["word_count unbounded", { kind: "word_count", of: "reply" }, "reply has any number of words"],
  [
    "word_count of a file with no path",
    { kind: "word_count", of: "file", max: 10 },
    "a file (no path given) has at most 10 words",
  ],
  [
    "call_regex ok",
    { kind: "call_regex", tool: "bash", pattern: "grep", ok: true },
    "a call to `bash` whose arguments match /grep/ and that succeeded",
  ],
  [
    "call_regex failed",
    { kind: "call_regex", tool: "read_file", pattern: "health", flags: "i", ok: false },
    "a call to `read_file` whose arguments match /health/i and that failed",
  ],
  ["call_regex any tool", { kind: "call_regex", pattern: "todo" }, "a call whose arguments match /todo/"],
  [
    "all",
    {
      kind: "all",
      of: [
        { kind: "file_exists", path: "/a.md" },
        { kind: "reply_regex", pattern: "done" },
      ],
    },
    "all of: `/a.md` exists; reply matches /done/",
  ],
  [
    "any with a nested all",
    {
      kind: "any",
      of: [
        { kind: "call_regex", tool: "bash", pattern: "cat" },
        {
          kind: "all",
          of: [
            { kind: "file_exists", path: "/a.md" },
            { kind: "file_unchanged", path: "/b.md" },
          ],
        },
      ],
    },
    "any of: a call to `bash` whose arguments match /cat/; (all of: `/a.md` exists; `/b.md` is unchanged)",
  ],
  [
    "not",
    { kind: "not", check: { kind: "reply_regex", pattern: "can't find", flags: "i" } },
    "not: reply matches /can't find/i",
  ],
  [
    "not of a composite",
    { kind: "not", check: { kind: "any", of: [{ kind: "file_exists", path: "/x" }] } },
    "not: (any of: `/x` exists)",
  ],
];

describe("describeCheck", () => {
  it.each(cases)("%s", (_name, check, expected) => {
    expect(describeCheck(check)).toBe(expected);
  });

  it("ignores the id", () => {
    expect(describeCheck({ kind: "file_unchanged", id: "kept", path: "/a.md" })).toBe("`/a.md` is unchanged");
  });

  it("covers every check kind", () => {
    expect(new Set(cases.map(([, c]) => c.kind))).toEqual(new Set(CHECK_KINDS));
  });
});
