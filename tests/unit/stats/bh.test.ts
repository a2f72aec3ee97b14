import { describe, expect, it } from "vitest";
import { benjaminiHochberg } from "@/domain/stats/bh";

describe("benjaminiHochberg", () => {
  it("adjusts a small list and keeps its order", () => {
    // Sorted: 0.005, 0.01, 0.03, 0.04 (m = 4). m·p/rank: 0.02, 0.02, 0.04, 0.04;
    // already monotone, so back in input order: [0.02, 0.04, 0.04, 0.02].
    const adj = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    [0.02, 0.04, 0.04, 0.02].forEach((v, i) => expect(adj[i]).toBeCloseTo(v, 15));
  });

  it("reproduces Benjamini & Hochberg 1995's 15 p-values: the first 4 rejected at q = 0.05", () => {
    const p = [
      0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1.0,
    ];
    // By hand, 15·p₍ᵢ₎/i: 0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.0695, 0.0638571, 0.0645,
    // 0.0765, 0.486, 0.5811818, 0.714875, 0.7532308, 0.8132143, 1.
    // Step-up minimum from the top: only rank 6 changes (0.0695 → min with rank 7's 0.0638571).
    const expected = [
      0.0015,
      0.003,
      0.0095,
      0.035625,
      0.0603,
      (0.0298 * 15) / 7,
      (0.0298 * 15) / 7,
      0.0645,
      0.0765,
      0.486,
      (0.4262 * 15) / 11,
      0.714875,
      (0.6528 * 15) / 13,
      (0.759 * 15) / 14,
      1,
    ];
    const adj = benjaminiHochberg(p);
    expected.forEach((v, i) => expect(adj[i]).toBeCloseTo(v, 12));
    expect(adj.filter((a) => a <= 0.05)).toHaveLength(4);
  });

  it("is monotone in the raw p-values and capped at 1", () => {
    const adj = benjaminiHochberg([0.9, 0.8, 0.95]);
    // 3·0.8/1 = 2.4, 3·0.9/2 = 1.35, 3·0.95/3 = 0.95 → step-up min gives 0.95 for all
    adj.forEach((a) => expect(a).toBeCloseTo(0.95, 15));
    expect(benjaminiHochberg([1, 1])).toEqual([1, 1]);
  });

  it("leaves a single p-value alone and an empty list empty", () => {
    expect(benjaminiHochberg([0.03])).toEqual([0.03]);
    expect(benjaminiHochberg([])).toEqual([]);
  });

  it("rejects values that are not probabilities", () => {
    expect(() => benjaminiHochberg([0.1, 1.2])).toThrow(RangeError);
    expect(() => benjaminiHochberg([Number.NaN])).toThrow(RangeError);
  });
});
