import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Reason } from "@/components/trace/Reason";
import { compactPattern, PATTERN_SHOWN, readablePattern, readableReason } from "@/domain/scoring/readable-pattern";
import { evaluateCheck } from "@/domain/scoring";
import { state, ws } from "./build";

// The default suite's "a line reading X" idiom, as the suite file has it (regex escapes, not characters).
const LINE = (x: string) => String.raw`(?:^|[\n\r\u2028\u2029])` + x + String.raw`(?:[\n\r\u2028\u2029]|$)`;
const SHOPPING =
  "^" + ["- eggs", "- bread", "- washing-up liquid"].map((l) => String.raw`(?=[\s\S]*` + LINE(l) + ")").join("");

describe("readablePattern", () => {
  it("says every-line-in-any-order patterns in words, with no \\u2028 escape", () => {
    const text = readablePattern(SHOPPING);
    expect(text).toBe("the lines “- eggs”, “- bread”, “- washing-up liquid” (each a whole line, in any order)");
    expect(text).not.toMatch(/\\u/);
    // The pattern really means that: the words are not a guess.
    const re = new RegExp(SHOPPING);
    expect(re.test("- bread\u2028- washing-up liquid\n- eggs")).toBe(true);
    expect(re.test("- bread\n- eggs")).toBe(false);
  });
  it("unescapes punctuation in the lines it names", () => {
    const p = "^" + String.raw`(?=[\s\S]*` + LINE(String.raw`- \[x\] Pay the bill \(now\)`) + ")";
    expect(readablePattern(p)).toBe("the line “- [x] Pay the bill (now)” (a whole line)");
  });
  it("says one-line-containing-each patterns in words, keeping the parts as regexes", () => {
    const p = String.raw`(?:^|[\n\r\u2028\u2029])(?=[^\n\r\u2028\u2029]*?draft-1\b)(?=[^\n\r\u2028\u2029]*?(hik|walk|blog))`;
    expect(readablePattern(p, "i")).toBe("a line containing `draft-1\\b` and `(hik|walk|blog)` (flags `i`)");
  });
  it("shows any other pattern compactly: line idioms and invisible characters named, long ones clipped", () => {
    expect(readablePattern(String.raw`a\u2028b[\u00a0 ]c`)).toBe("`a⟨LS⟩b[⟨NBSP⟩ ]c`");
    expect(readablePattern("x\u2029y")).toBe("`x⟨PS⟩y`");
    expect(readablePattern(String.raw`(?:^|[\n\r\u2028\u2029])total: \d+`)).toBe("`⟨line start⟩total: \\d+`");
    expect(readablePattern(String.raw`caf\u00e9`)).toBe("`caf\\u00e9`"); // a visible character's escape is left as written
    expect(readablePattern(String.raw`a\\u2028`)).toBe("`a\\\\u2028`"); // an escaped backslash then "u2028"
    expect(readablePattern("dentist", "i")).toBe("`dentist` (flags `i`)");
    const long = readablePattern("a".repeat(500));
    expect(Array.from(long).length).toBe(PATTERN_SHOWN + 2);
    expect(long.endsWith("…`")).toBe(true);
  });
});

describe("check reasons", () => {
  it("a file_regex with \\u2028 in its pattern fails with a reason in words", () => {
    const v = evaluateCheck(
      { kind: "file_regex", path: "/shopping.md", pattern: SHOPPING },
      state({ workspace: ws({ "/shopping.md": "- eggs\n- milk\n" }) }),
      "list",
    );
    expect(v.passed).toBe(false);
    expect(v.reason).toBe(
      "`/shopping.md` does not match the lines “- eggs”, “- bread”, “- washing-up liquid” (each a whole line, in any order)",
    );
  });
});

describe("readableReason", () => {
  it("reads a reason stored before, with a raw pattern, without \\u escapes", () => {
    const stored = `wrong result: the run ended normally but the checks fail: list: \`/a.md\` does not match \`${LINE("- eggs")}\``;
    expect(readableReason(stored)).toBe(
      "wrong result: the run ended normally but the checks fail: list: `/a.md` does not match `⟨line start⟩- eggs⟨line end⟩`",
    );
    expect(readableReason("reply matches `dentist`")).toBe("reply matches `dentist`");
  });
  it("compactPattern leaves a pattern without invisible characters as written", () => {
    expect(compactPattern(String.raw`^\d{3}-[a-z]+$`)).toBe(String.raw`^\d{3}-[a-z]+$`);
  });
});

describe("the run page's reasons", () => {
  it("render a stored reason with \\u2028 escapes and a raw U+2028 without either", () => {
    const stored = `wrong result: the run ended normally but the checks fail: list: \`/a.md\` does not match \`${SHOPPING}\`; tail: reply does not match \`end\u2028\``;
    const html = renderToStaticMarkup(createElement(Reason, { text: stored }));
    expect(html).not.toMatch(/\\u2028|\u2028/);
    expect(html).toContain("⟨line start⟩- eggs⟨line end⟩");
    expect(html).toContain("reply does not match `end⟨LS⟩`");
  });
});
