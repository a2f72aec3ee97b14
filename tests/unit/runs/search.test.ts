import { describe, expect, it } from "vitest";
import { MAX_SEARCH_WORDS, ftsMatch, searchWords, tsQuery } from "@/domain/runs/search";

describe("searchWords", () => {
  it("splits on spaces, keeps letters and digits of each word, lower-cased", () => {
    expect(searchWords("  Booked   TUESDAY ")).toEqual([["booked"], ["tuesday"]]);
    expect(searchWords("notes/zebra_list.txt")).toEqual([["notes", "zebra", "list", "txt"]]);
    expect(searchWords("run_01JD8K")).toEqual([["run", "01jd8k"]]);
    expect(searchWords("Café 日本語 déjà")).toEqual([["café"], ["日本語"], ["déjà"]]);
  });

  it("drops punctuation-only words, and is empty when nothing is left", () => {
    expect(searchWords("\" * - : ^ () % _ \\ ' 😀")).toEqual([]);
    expect(searchWords("")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('-booked "x" NEAR(a')).toEqual([["booked"], ["x"], ["near", "a"]]);
  });

  it("keeps at most MAX_SEARCH_WORDS words", () => {
    expect(searchWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(" "))).toHaveLength(MAX_SEARCH_WORDS);
  });
});

describe("query builders", () => {
  it("FTS5: each word a quoted phrase, the last a prefix", () => {
    expect(ftsMatch([["booked"], ["run", "01jd"]])).toBe('"booked" "run 01jd" *');
    expect(ftsMatch([["near"]])).toBe('"near" *');
  });

  it("tsquery: parts in a row, words ANDed, the last part a prefix", () => {
    expect(tsQuery([["booked"], ["run", "01jd"]])).toBe("('booked') & ('run' <-> '01jd':*)");
    expect(tsQuery([["not"]])).toBe("('not':*)");
  });

  it("no typed character reaches either syntax outside a quoted word", () => {
    const words = searchWords(`a"b c'd e*f g:h NEAR/2 AND OR NOT & | ! <-> ( ) { } + ^ \u0000 x`);
    for (const part of words.flat()) expect(part).toMatch(/^[\p{L}\p{N}]+$/u);
  });
});
