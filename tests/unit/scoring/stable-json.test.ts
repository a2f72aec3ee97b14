import { describe, expect, it } from "vitest";
import { sameContent, stableJson } from "@/domain/scoring";

describe("stableJson", () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ z: { y: 1, x: [{ d: 1, c: 2 }] } }, '{"z":{"x":[{"c":2,"d":1}],"y":1}}'],
    [[3, 1], "[3,1]"],
    ["s", '"s"'],
    [null, "null"],
    [{ a: undefined, b: 1 }, '{"b":1}'],
  ])("%j → %s", (value, json) => {
    expect(stableJson(value)).toBe(json);
  });

  it("sameContent ignores key order only", () => {
    expect(sameContent({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameContent({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false);
  });
});
