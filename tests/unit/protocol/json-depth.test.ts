import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonValue, jsonDepthExceeds } from "@/domain/protocol/json-depth";

const exceeds = (text: string, limit: number) => jsonDepthExceeds(JSON.parse(text), limit);

describe("jsonDepthExceeds", () => {
  it("counts nested arrays and objects, not scalars", () => {
    expect(exceeds("1", 0)).toBe(false);
    expect(exceeds('"x"', 0)).toBe(false);
    expect(exceeds("null", 0)).toBe(false);
    expect(exceeds("[]", 0)).toBe(true);
    expect(exceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(exceeds('{"a":[{"b":[]}]}', 3)).toBe(true);
  });

  it("measures depth, not the number of siblings", () => {
    expect(exceeds("[[],[],[],[]]", 2)).toBe(false);
    expect(exceeds("[[],[],[[1]],[]]", 2)).toBe(true);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(exceeds('["[[[[", "\\"[[[[", "\\\\"]', 1)).toBe(false);
    expect(exceeds('{"k\\"[[":"]]"}', 1)).toBe(false);
  });

  it("handles 100,000 levels without recursion", () => {
    const n = 100_000;
    const deep = JSON.parse("[".repeat(n) + "]".repeat(n));
    expect(jsonDepthExceeds(deep, n)).toBe(false);
    expect(jsonDepthExceeds(deep, n - 1)).toBe(true);
  });

  it("agrees with counting brackets in the text, for any JSON value", () => {
    // The reference: the deepest run of open brackets outside strings, read off JSON.stringify.
    const textDepth = (v: unknown) => {
      let depth = 0,
        max = 0,
        inString = false;
      const s = JSON.stringify(v);
      for (let i = 0; i < s.length; i++) {
        const c = s[i];
        if (inString) {
          if (c === "\\") i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === "[" || c === "{") max = Math.max(max, ++depth);
        else if (c === "]" || c === "}") depth--;
      }
      return max;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        const d = textDepth(v);
        expect(jsonDepthExceeds(v, d)).toBe(false);
        if (d > 0) expect(jsonDepthExceeds(v, d - 1)).toBe(true);
      }),
    );
  });
});

describe("isJsonValue", () => {
  it("accepts every value JSON.parse can produce", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(isJsonValue(v)).toBe(true);
      }),
    );
  });

  it("refuses what JSON cannot carry", () => {
    for (const v of [
      undefined,
      NaN,
      Infinity,
      () => 1,
      1n,
      Symbol("s"),
      new Date(0),
      new Map(),
      [1, undefined],
      { a: { b: NaN } },
    ]) {
      expect(isJsonValue(v)).toBe(false);
    }
  });
});
