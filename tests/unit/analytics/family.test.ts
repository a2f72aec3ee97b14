import { describe, expect, it } from "vitest";
import { configOrder, familyPairs, familyTable, formatP, type PairResult } from "@/domain/analytics/family";

const r = (a: string, b: string, signTestP: number, mcnemarP: number): PairResult => ({
  a,
  b,
  tasks: 0,
  improved: 0,
  degraded: 0,
  unchanged: 0,
  permutationP: signTestP,
  signTestP,
  mcnemarP,
  aOnly: 0,
  bOnly: 0,
});

describe("configOrder", () => {
  it("follows the sessions' listing order, then ids, keeping only configs with runs", () => {
    expect(
      configOrder(
        [
          ["bare", "files", "bash"],
          ["files", "files-plan"],
        ],
        ["zeta", "bash", "files-plan", "bare", "alpha"],
      ),
    ).toEqual(["bare", "bash", "files-plan", "alpha", "zeta"]);
  });
});

describe("familyPairs", () => {
  it("pairs every config with the baseline", () => {
    expect(familyPairs(["a", "b", "c"], "baseline", "b")).toEqual([
      ["b", "a"],
      ["b", "c"],
    ]);
  });
  it("falls back to the first config for an unknown baseline", () => {
    expect(familyPairs(["a", "b", "c"], "baseline", "nope")).toEqual([
      ["a", "b"],
      ["a", "c"],
    ]);
  });
  it("pairs consecutive configs", () => {
    expect(familyPairs(["a", "b", "c", "d"], "consecutive")).toEqual([
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
    ]);
    expect(familyPairs(["a"], "consecutive")).toEqual([]);
  });
});

describe("familyTable", () => {
  it("adjusts each test's p-values with Benjamini–Hochberg by hand", () => {
    // Sign p = 0.01, 0.04, 0.03, 0.5 (m = 4). Sorted: 0.01, 0.03, 0.04, 0.5 → m·p/rank = 0.04,
    // 0.06, 0.0533…, 0.5; step-up minimum from the top: 0.5, 0.0533…, 0.0533…, 0.04.
    // McNemar p all 1 → all 1.
    const rows = familyTable([r("a", "b", 0.01, 1), r("a", "c", 0.04, 1), r("a", "d", 0.03, 1), r("a", "e", 0.5, 1)]);
    expect(rows.map((x) => x.signTestPAdjusted)).toEqual([
      0.04,
      expect.closeTo(0.16 / 3, 12),
      expect.closeTo(0.16 / 3, 12),
      0.5,
    ]);
    expect(rows.map((x) => x.mcnemarPAdjusted)).toEqual([1, 1, 1, 1]);
    expect(rows.map((x) => x.b)).toEqual(["b", "c", "d", "e"]);
  });
  it("is empty for no pairs", () => {
    expect(familyTable([])).toEqual([]);
  });
});

describe("formatP", () => {
  it("shows three decimals, a floor and a dash", () => {
    expect(formatP(0.0312)).toBe("0.031");
    expect(formatP(0.0004)).toBe("<0.001");
    expect(formatP(null)).toBe("–");
  });
});
