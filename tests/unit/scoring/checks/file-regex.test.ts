import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { state, ws } from "../build";

const files = ws({ "/notes/a.md": "Dentist on Tuesday", "/notes/b.md": "groceries", "/todo.md": "- [ ] milk" });

describe("file_regex", () => {
  const cases: [string, Check, boolean, string][] = [
    [
      "path matches",
      { kind: "file_regex", path: "/notes/a.md", pattern: "Tuesday" },
      true,
      "`/notes/a.md` matches `Tuesday`",
    ],
    [
      "case matters by default",
      { kind: "file_regex", path: "/notes/a.md", pattern: "dentist" },
      false,
      "`/notes/a.md` does not match `dentist`",
    ],
    [
      "flag i",
      { kind: "file_regex", path: "/notes/a.md", pattern: "dentist", flags: "i" },
      true,
      "`/notes/a.md` matches `dentist` (flags `i`)",
    ],
    ["missing file", { kind: "file_regex", path: "/nope.md", pattern: "x" }, false, "`/nope.md` does not exist"],
    [
      "glob: some file matches",
      { kind: "file_regex", glob: "/notes/*.md", pattern: "groc" },
      true,
      "`/notes/b.md` matches `groc`",
    ],
    [
      "glob: none matches",
      { kind: "file_regex", glob: "/notes/*.md", pattern: "zebra" },
      false,
      "none of the 2 files matching `/notes/*.md` matches `zebra`",
    ],
    [
      "glob: the only matching file does not match",
      { kind: "file_regex", glob: "/*.md", pattern: "x" },
      false,
      "`/todo.md`, the only file matching `/*.md`, does not match `x`",
    ],
    ["glob: no files", { kind: "file_regex", glob: "/x/**", pattern: "." }, false, "no file matches `/x/**`"],
    [
      "regex metacharacters",
      { kind: "file_regex", path: "/todo.md", pattern: "^- \\[ \\] milk$" },
      true,
      "`/todo.md` matches `^- \\[ \\] milk$`",
    ],
  ];
  it.each(cases)("%s", (_n, check, passed, reason) => {
    expect(evaluateCheck(check, state({ workspace: files }), "c1")).toEqual({ id: "c1", passed, reason });
  });

  it("flag m makes ^ match at line starts; s lets . cross lines", () => {
    const w = ws({ "/f": "one\ntwo" });
    expect(
      evaluateCheck({ kind: "file_regex", path: "/f", pattern: "^two" }, state({ workspace: w }), "c").passed,
    ).toBe(false);
    expect(
      evaluateCheck({ kind: "file_regex", path: "/f", pattern: "^two", flags: "m" }, state({ workspace: w }), "c")
        .passed,
    ).toBe(true);
    expect(
      evaluateCheck({ kind: "file_regex", path: "/f", pattern: "one.two" }, state({ workspace: w }), "c").passed,
    ).toBe(false);
    expect(
      evaluateCheck({ kind: "file_regex", path: "/f", pattern: "one.two", flags: "s" }, state({ workspace: w }), "c")
        .passed,
    ).toBe(true);
  });

  it("repeated evaluation gives the same verdict (no stateful lastIndex)", () => {
    const check: Check = { kind: "file_regex", path: "/notes/a.md", pattern: "Tue" };
    const s = state({ workspace: files });
    expect([1, 2, 3].map(() => evaluateCheck(check, s, "c").passed)).toEqual([true, true, true]);
  });

  it("an invalid pattern fails with the compile error instead of throwing", () => {
    const v = evaluateCheck({ kind: "file_regex", path: "/todo.md", pattern: "(" }, state({ workspace: files }), "c1");
    expect(v.passed).toBe(false);
    expect(v.reason).toMatch(/^`\(` is not a valid regex/);
  });
});
