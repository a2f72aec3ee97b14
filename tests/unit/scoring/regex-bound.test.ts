import { describe, expect, it } from "vitest";
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

  it("keeps a quadratic pattern cheap on a 1 MB reply", () => {
    const started = performance.now();
    const v = evaluateCheck({ kind: "reply_regex", pattern: "\\s*x$" }, state({ reply: " ".repeat(1_000_000) }), "c");
    expect(v.passed).toBe(false);
    // Unbounded this takes minutes (~14 s at 100,000 characters); 20,000 characters take well under a second.
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
