import { describe, expect, it, vi } from "vitest";
import { evaluateCheck } from "@/domain/scoring";
import { REGEX_TEXT_LIMIT } from "@/domain/scoring/regex";
import { call, state, ws } from "./build";

describe("suite regexes run on at most REGEX_TEXT_LIMIT characters of a text", () => {
  const at = (i: number) => `${"x".repeat(i)}MARK`;

  it("finds a match that starts inside the bound and misses one past it, for every text a regex reads", () => {
    const inside = at(REGEX_TEXT_LIMIT - 4); // MARK ends exactly at the bound
    const past = at(REGEX_TEXT_LIMIT - 3);
    const verdict = (text: string) => [
      evaluateCheck({ kind: "reply_regex", pattern: "MARK" }, state({ reply: text }), "c").passed,
      evaluateCheck(
        { kind: "file_regex", path: "/a.md", pattern: "MARK" },
        state({ workspace: ws({ "/a.md": text }) }),
        "c",
      ).passed,
      evaluateCheck(
        { kind: "new_line", path: "/a.md", pattern: "MARK" },
        state({ workspace: ws({ "/a.md": text }) }),
        "c",
      ).passed,
      // args are searched as JSON: `{"content":"` (12 characters) comes first
      evaluateCheck(
        { kind: "call_regex", pattern: "MARK" },
        state({ calls: [call("write_file", { content: text.slice(12) })] }),
        "c",
      ).passed,
    ];
    expect(verdict(inside)).toEqual([true, true, true, true]);
    expect(verdict(past)).toEqual([false, false, false, false]);
  });

  it("keeps a quadratic pattern cheap on a 1 MB reply: the regex never sees more than the bound", () => {
    // Unbounded, `\s*x$` on 1,000,000 blanks takes minutes (~14 s at 100,000 characters); the
    // bound is what keeps it under a second, so the check is on what the regex is given.
    const seen: number[] = [];
    const test = vi.spyOn(RegExp.prototype, "test").mockImplementation(function (this: RegExp, s: string) {
      seen.push(s.length);
      return false;
    });
    try {
      const v = evaluateCheck({ kind: "reply_regex", pattern: "\\s*x$" }, state({ reply: " ".repeat(1_000_000) }), "c");
      expect(v.passed).toBe(false);
    } finally {
      test.mockRestore();
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(REGEX_TEXT_LIMIT);
  });
});
