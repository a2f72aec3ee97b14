import { describe, expect, it } from "vitest";
import { countWords, evaluateCheck } from "@/domain/scoring";
import type { Check } from "@/domain/suite/check";
import { state, ws } from "../build";

const sixteen = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen";

describe("word_count", () => {
  const cases: [string, Check, string, boolean, string][] = [
    [
      "too many",
      { kind: "word_count", of: "reply", max: 15 },
      sixteen,
      false,
      "reply has 16 words, more than the 15 allowed",
    ],
    ["exactly max", { kind: "word_count", of: "reply", max: 16 }, sixteen, true, "reply has 16 words, at most 16"],
    [
      "too few",
      { kind: "word_count", of: "reply", min: 3 },
      "two words",
      false,
      "reply has 2 words, fewer than the 3 required",
    ],
    [
      "within both",
      { kind: "word_count", of: "reply", min: 1, max: 3 },
      " a\tb\n c ",
      true,
      "reply has 3 words, within 1–3",
    ],
    ["exactly min", { kind: "word_count", of: "reply", min: 1 }, "single", true, "reply has 1 word, at least 1"],
    [
      "empty reply under min",
      { kind: "word_count", of: "reply", min: 1 },
      "",
      false,
      "reply has 0 words, fewer than the 1 required",
    ],
    ["no bounds", { kind: "word_count", of: "reply" }, "x y", true, "reply has 2 words"],
    [
      "file within",
      { kind: "word_count", of: "file", path: "/s.md", max: 4 },
      "",
      true,
      "`/s.md` has 4 words, at most 4",
    ],
    [
      "missing file fails",
      { kind: "word_count", of: "file", path: "/none.md", max: 100 },
      "",
      false,
      "`/none.md` does not exist",
    ],
    [
      "file without path fails",
      { kind: "word_count", of: "file", max: 100 },
      "",
      false,
      "the check counts words of a file but names no `path`",
    ],
  ];
  it.each(cases)("%s", (_n, check, reply, passed, reason) => {
    const s = state({ reply, workspace: ws({ "/s.md": "the quick  brown\nfox" }) });
    expect(evaluateCheck(check, s, "c1")).toEqual({ id: "c1", passed, reason });
  });

  it.each([
    ["", 0],
    ["   \n\t ", 0],
    ["one", 1],
    ["a-b c.d", 2],
    ["  lead and trail  ", 3],
    ["non\u00a0breaking", 2], // U+00A0 is whitespace to \s
  ] as const)("countWords(%j) = %i", (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});
