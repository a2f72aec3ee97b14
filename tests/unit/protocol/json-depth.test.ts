import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "@/domain/protocol/json-depth";

describe("jsonDepthExceeds", () => {
  it("counts nested arrays and objects, not scalars", () => {
    expect(jsonDepthExceeds('1', 0)).toBe(false);
    expect(jsonDepthExceeds('"x"', 0)).toBe(false);
    expect(jsonDepthExceeds("[]", 0)).toBe(true);
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[]}]}', 3)).toBe(true);
  });

  it("measures depth, not the number of siblings", () => {
    expect(jsonDepthExceeds("[[],[],[],[]]", 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonDepthExceeds('["[[[[", "\\"[[[[", "\\\\"]', 1)).toBe(false);
    expect(jsonDepthExceeds('{"k\\"[[":"]]"}', 1)).toBe(false);
  });

  it("handles 100,000 levels without recursion", () => {
    const n = 100_000;
    expect(jsonDepthExceeds("[".repeat(n) + "]".repeat(n), n)).toBe(false);
    expect(jsonDepthExceeds("[".repeat(n) + "]".repeat(n), n - 1)).toBe(true);
  });
});
