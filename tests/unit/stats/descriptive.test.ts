import { describe, expect, it } from "vitest";
import { majority, median, mostCommon } from "@/domain/stats/descriptive";

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    // sorted 1, 2, 2, 5, 10, 100 → (2 + 5)/2
    expect(median([10, 2, 5, 100, 2, 1])).toBe(3.5);
    expect(median([7])).toBe(7);
  });

  it("is null without values and ignores non-finite ones", () => {
    expect(median([])).toBeNull();
    expect(median([Number.NaN])).toBeNull();
    expect(median([4, Number.NaN, 2])).toBe(3);
  });
});

describe("majority", () => {
  it("needs more than half", () => {
    expect(majority([true, true, false])).toBe(true);
    expect(majority([true, false, false])).toBe(false);
    expect(majority([true, false])).toBeNull();
    expect(majority([])).toBeNull();
  });
});

describe("mostCommon", () => {
  it("returns the most frequent item, ties to the first seen", () => {
    expect(mostCommon(["finished", "gave up", "gave up"])).toBe("gave up");
    expect(mostCommon(["context full", "finished", "finished", "context full"])).toBe("context full");
    expect(mostCommon([])).toBeNull();
  });
});
