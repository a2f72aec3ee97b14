import { describe, expect, it } from "vitest";
import { callDeltas, treeRows, workspaceDiff } from "@/domain/trace";
import { del, write, ws } from "../scoring/build";

describe("workspaceDiff", () => {
  it("lists added, removed, changed and unchanged files by path with counts", () => {
    const seed = ws({ "/todo.md": "- milk", "/scratch.md": "tmp", "/notes/a.md": "a" });
    const final = ws({ "/todo.md": "- milk\n- dentist", "/notes/a.md": "a", "/notes/b.md": "b" });
    const d = workspaceDiff(seed, final);
    expect(d.files.map((f) => [f.path, f.status])).toEqual([
      ["/notes/a.md", "unchanged"],
      ["/notes/b.md", "added"],
      ["/scratch.md", "removed"],
      ["/todo.md", "changed"],
    ]);
    expect(d.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(d.files[2]).toEqual({ path: "/scratch.md", status: "removed", before: "tmp", after: null });
  });

  it("two empty workspaces differ in nothing", () => {
    expect(workspaceDiff(ws(), ws())).toEqual({
      files: [],
      counts: { added: 0, removed: 0, changed: 0, unchanged: 0 },
    });
  });
});

describe("callDeltas", () => {
  it("compares each change with what was there before, in order", () => {
    const before = ws({ "/a.md": "1" });
    expect(
      callDeltas(before, [
        write("/a.md", "2"),
        write("/a.md", "3"),
        write("/b.md", "x"),
        del("/a.md"),
        del("/none.md"),
      ]),
    ).toEqual([
      { path: "/a.md", status: "changed", before: "1", after: "2" },
      { path: "/a.md", status: "changed", before: "2", after: "3" },
      { path: "/b.md", status: "added", before: null, after: "x" },
      { path: "/a.md", status: "removed", before: "3", after: null },
      { path: "/none.md", status: "removed", before: null, after: null },
    ]);
  });

  it("rewriting a file with the same content is unchanged", () => {
    expect(callDeltas(ws({ "/a": "x" }), [write("/a", "x")])[0].status).toBe("unchanged");
  });
});

describe("treeRows", () => {
  it("indents files under a row for each folder, sorted", () => {
    const rows = treeRows([{ path: "/todo.md" }, { path: "/notes/work/b.md" }, { path: "/notes/a.md" }]);
    expect(rows.map((r) => `${"  ".repeat(r.depth)}${r.name}`)).toEqual([
      "notes/",
      "  a.md",
      "  work/",
      "    b.md",
      "todo.md",
    ]);
    expect(rows.map((r) => r.kind)).toEqual(["dir", "file", "dir", "file", "file"]);
  });
});
