import { describe, expect, it } from "vitest";
import { diffCounts, hunks, lineDiff, splitLines } from "@/domain/trace";

const ops = (before: string, after: string) =>
  lineDiff(before, after).map((l) => `${l.op === "same" ? " " : l.op === "add" ? "+" : "-"}${l.text}`);

describe("lineDiff", () => {
  it("splits lines; a trailing newline ends the last line", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a\nb\n")).toEqual(["a", "b"]);
    expect(splitLines("a\n\nb")).toEqual(["a", "", "b"]);
  });

  it("an appended line", () => {
    expect(ops("- milk\n", "- milk\n- [ ] dentist\n")).toEqual([" - milk", "+- [ ] dentist"]);
  });

  it("a changed middle line keeps head and tail", () => {
    expect(ops("a\nb\nc", "a\nB\nc")).toEqual([" a", "-b", "+B", " c"]);
  });

  it("LCS keeps the longest common subsequence: ABCABBA → CBABAC (Myers' example, LCS length 4)", () => {
    const d = lineDiff("A\nB\nC\nA\nB\nB\nA", "C\nB\nA\nB\nA\nC");
    expect(d.filter((l) => l.op === "same")).toHaveLength(4);
    expect(diffCounts(d)).toEqual({ added: 2, removed: 3 });
    // replaying the script gives back both texts
    expect(
      d
        .filter((l) => l.op !== "add")
        .map((l) => l.text)
        .join(""),
    ).toBe("ABCABBA");
    expect(
      d
        .filter((l) => l.op !== "del")
        .map((l) => l.text)
        .join(""),
    ).toBe("CBABAC");
  });

  it("new and deleted files", () => {
    expect(ops("", "x\ny")).toEqual(["+x", "+y"]);
    expect(ops("x", "")).toEqual(["-x"]);
    expect(lineDiff("", "")).toEqual([]);
  });

  it("a rewrite too large for the table degrades to all-out, all-in", () => {
    const a = Array.from({ length: 2500 }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: 2500 }, (_, i) => `b${i}`).join("\n");
    const d = lineDiff(a, b);
    expect(diffCounts(d)).toEqual({ added: 2500, removed: 2500 });
    expect(d[0].op).toBe("del");
    expect(d[2500].op).toBe("add");
  });
});

describe("hunks", () => {
  it("shrinks long unchanged stretches to a skip row with context around changes", () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join("\n");
    const after = before.replace("l10", "L10");
    const rows = hunks(lineDiff(before, after), 2);
    expect(rows[0]).toEqual({ op: "skip", count: 7 });
    expect(rows.slice(1, 3).map((r) => ("text" in r ? r.text : ""))).toEqual(["l8", "l9"]);
    expect(rows[3]).toEqual({ op: "del", text: "l10" });
    expect(rows[4]).toEqual({ op: "add", text: "L10" });
    expect(rows[7]).toEqual({ op: "skip", count: 8 });
    expect(rows).toHaveLength(8);
  });

  it("keeps short unchanged stretches", () => {
    expect(hunks(lineDiff("a\nb\nc", "a\nB\nc"), 3)).toHaveLength(4);
  });
});
