import { describe, expect, it } from "vitest";
import { countRepatches } from "@/domain/scoring";
import type { FileChange, ToolCall } from "@/domain/protocol";
import { call, del, write } from "./build";

const w = (...changes: FileChange[]): ToolCall => call("write", {}, true, { changes });

describe("countRepatches", () => {
  const cases: [string, ToolCall[], number][] = [
    ["no calls", [], 0],
    ["one write", [w(write("/a", "1"))], 0],
    ["second write to the same path", [w(write("/a", "1")), w(write("/a", "2"))], 1],
    ["three writes to one path", [w(write("/a", "1")), w(write("/a", "2")), w(write("/a", "3"))], 2],
    ["writes to different paths", [w(write("/a", "1")), w(write("/b", "2"))], 0],
    [
      "several writes within one call count once, and are not re-patches of themselves",
      [w(write("/a", "1"), write("/a", "2"))],
      0,
    ],
    ["several writes in a later call count once", [w(write("/a", "1")), w(write("/a", "2"), write("/a", "3"))], 1],
    ["deletions do not count", [w(write("/a", "1")), w(del("/a"))], 0],
    ["a deletion does not mark a path written", [w(del("/a")), w(write("/a", "1"))], 0],
    ["delete then recreate counts the rewrite", [w(write("/a", "1")), w(del("/a")), w(write("/a", "2"))], 1],
    ["calls without changes in between", [w(write("/a", "1")), call("read", {}), w(write("/a", "1"))], 1],
    [
      "two paths rewritten in one call",
      [w(write("/a", "1"), write("/b", "1")), w(write("/a", "2"), write("/b", "2"))],
      2,
    ],
    // a failed call's reported changes are still writes that happened
    ["failed call with changes", [call("w", {}, false, { changes: [write("/a", "1")] }), w(write("/a", "2"))], 1],
  ];
  it.each(cases)("%s", (_n, calls, n) => {
    expect(countRepatches(calls)).toBe(n);
  });
});
