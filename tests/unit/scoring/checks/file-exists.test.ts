import { describe, expect, it } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { state, ws } from "../build";

const files = ws({ "/notes/health.md": "x", "/notes/.hidden": "h", "/a/b/c/deep.md": "d", "/日本/メモ.md": "u" });

describe("file_exists / file_absent", () => {
  const cases: [string, Check, boolean, string][] = [
    ["path present", { kind: "file_exists", path: "/notes/health.md" }, true, "`/notes/health.md` exists"],
    ["path missing", { kind: "file_exists", path: "/todo.md" }, false, "`/todo.md` does not exist"],
    ["path is a folder, not a file", { kind: "file_exists", path: "/notes" }, false, "`/notes` does not exist"],
    [
      "* within one segment",
      { kind: "file_exists", glob: "/notes/*.md" },
      true,
      "`/notes/health.md` matches `/notes/*.md`",
    ],
    ["* does not cross segments", { kind: "file_exists", glob: "/a/*.md" }, false, "no file matches `/a/*.md`"],
    [
      "** crosses segments",
      { kind: "file_exists", glob: "/a/**/deep.md" },
      true,
      "`/a/b/c/deep.md` matches `/a/**/deep.md`",
    ],
    [
      "? is one character",
      { kind: "file_exists", glob: "/a/?/c/deep.md" },
      true,
      "`/a/b/c/deep.md` matches `/a/?/c/deep.md`",
    ],
    ["? is not two", { kind: "file_exists", glob: "/a/??/c/deep.md" }, false, "no file matches `/a/??/c/deep.md`"],
    ["dot files match *", { kind: "file_exists", glob: "/notes/.*" }, true, "`/notes/.hidden` matches `/notes/.*`"],
    ["unicode glob", { kind: "file_exists", glob: "/日本/*.md" }, true, "`/日本/メモ.md` matches `/日本/*.md`"],
    ["absent path", { kind: "file_absent", path: "/todo.md" }, true, "`/todo.md` does not exist"],
    ["absent but present", { kind: "file_absent", path: "/notes/health.md" }, false, "`/notes/health.md` exists"],
    ["absent glob none", { kind: "file_absent", glob: "/**/*.txt" }, true, "no file matches `/**/*.txt`"],
  ];
  it.each(cases)("%s", (_name, check, passed, reason) => {
    expect(evaluateCheck(check, state({ workspace: files }), "c1")).toEqual({ id: "c1", passed, reason });
  });

  it("** at the root also matches top-level files", () => {
    const v = evaluateCheck(
      { kind: "file_exists", glob: "/**/*.md" },
      state({ workspace: ws({ "/top.md": "" }) }),
      "c1",
    );
    expect(v.passed).toBe(true);
  });

  it("file_absent with a glob lists the offending files", () => {
    const v = evaluateCheck({ kind: "file_absent", glob: "/**/*.md" }, state({ workspace: files }), "c1");
    expect(v.passed).toBe(false);
    expect(v.reason).toBe("`/notes/health.md`, `/a/b/c/deep.md`, `/日本/メモ.md` match `/**/*.md`");
  });

  it("a check with both path and glob, or neither, fails with a reason instead of throwing", () => {
    const both = evaluateCheck(
      { kind: "file_exists", path: "/notes/health.md", glob: "/**" },
      state({ workspace: files }),
      "c1",
    );
    const neither = evaluateCheck({ kind: "file_absent" }, state({ workspace: files }), "c1");
    expect(both.passed).toBe(false);
    expect(both.reason).toMatch(/both `path` and `glob`/);
    expect(neither.passed).toBe(false);
    expect(neither.reason).toMatch(/neither `path` nor `glob`/);
  });

  it("uses the check's own id over the default", () => {
    expect(evaluateCheck({ kind: "file_exists", id: "made", path: "/x.md" }, state(), "c4").id).toBe("made");
  });
});
