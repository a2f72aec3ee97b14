import { describe, expect, it } from "vitest";
import { clustering } from "@/domain/stats/icc";
import { wilson, wilsonEffective } from "@/domain/stats/wilson";

describe("clustering (ICC, design effect, effective n)", () => {
  it("matches a one-way ANOVA worked by hand, equal repeats", () => {
    // Tasks 1,1,1 | 0,0,0 | 1,0,1: N = 9, k = 3, p̂ = 5/9, task means 1, 0, 2/3.
    // SSB = 3·((4/9)² + (5/9)² + (1/9)²) = 14/9, MSB = 7/9; SSW = 0 + 0 + (1/9 + 4/9 + 1/9) = 2/3,
    // MSW = (2/3)/6 = 1/9; n₀ = 3. ICC = (7/9 − 1/9) / (7/9 + 2·1/9) = 2/3;
    // deff = 1 + 2·2/3 = 7/3; effective n = 9 / (7/3) = 27/7.
    const c = clustering([
      { runs: 3, passed: 3 },
      { runs: 3, passed: 0 },
      { runs: 3, passed: 2 },
    ]);
    expect(c.icc).toBeCloseTo(2 / 3, 12);
    expect(c.designEffect).toBeCloseTo(7 / 3, 12);
    expect(c.effectiveN).toBeCloseTo(27 / 7, 12);
    expect(c).toMatchObject({ n: 9, clusters: 3, meanSize: 3 });
  });

  it("uses n₀ for unequal repeat counts", () => {
    // Tasks 1,1 | 0,0,1 | 0,0,0,0: N = 9, k = 3, Σm² = 29, n₀ = (9 − 29/9)/2 = 26/9; p̂ = 1/3.
    // SSB = 2·(2/3)² + 3·0 + 4·(1/3)² = 4/3, MSB = 2/3; SSW = (1/9 + 1/9 + 4/9) = 2/3, MSW = 1/9.
    // ICC = (2/3 − 1/9) / (2/3 + (26/9 − 1)/9) = (45/81)/(71/81) = 45/71; m̄ = 3, deff = 1 + 2·45/71 = 161/71.
    const c = clustering([
      { runs: 2, passed: 2 },
      { runs: 3, passed: 1 },
      { runs: 4, passed: 0 },
    ]);
    expect(c.icc).toBeCloseTo(45 / 71, 12);
    expect(c.designEffect).toBeCloseTo(161 / 71, 12);
    expect(c.effectiveN).toBeCloseTo(9 / (161 / 71), 12);
  });

  it("truncates a negative estimate at 0 (design effect 1, effective n = N)", () => {
    // Tasks 1,0 | 1,0: equal means, MSB = 0 < MSW = 0.5, raw ICC = −1/3.
    const c = clustering([
      { runs: 2, passed: 1 },
      { runs: 2, passed: 1 },
    ]);
    expect(c.icc).toBe(0);
    expect(c.designEffect).toBe(1);
    expect(c.effectiveN).toBe(4);
  });

  it("is 1 when every task is all-pass or all-fail (the study's near-determinism)", () => {
    // MSW = 0, so ICC = MSB/MSB = 1 and the 6 runs are worth 2 tasks.
    const c = clustering([
      { runs: 3, passed: 3 },
      { runs: 3, passed: 0 },
    ]);
    expect(c.icc).toBe(1);
    expect(c.effectiveN).toBeCloseTo(2, 12);
  });

  it("is undefined with one task, single runs, or identical verdicts", () => {
    expect(clustering([{ runs: 3, passed: 1 }]).icc).toBeNull();
    expect(
      clustering([
        { runs: 1, passed: 1 },
        { runs: 1, passed: 0 },
      ]).icc,
    ).toBeNull();
    expect(
      clustering([
        { runs: 3, passed: 3 },
        { runs: 3, passed: 3 },
      ]).effectiveN,
    ).toBeNull();
    expect(() => clustering([{ runs: 2, passed: 3 }])).toThrow(RangeError);
  });
});

describe("wilsonEffective", () => {
  it("matches Newcombe 1998 Table I at a whole n", () => {
    const [lo, hi] = wilsonEffective(81 / 263, 263)!;
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
    expect(wilsonEffective(12 / 30, 30)).toEqual(wilson(12, 30));
  });

  it("takes a fractional effective n", () => {
    // The worked example above: p̂ = 5/9 on n = 27/7, computed in Python from the Wilson formula
    // with scipy's z: 0.175735–0.879933 (the plain interval on 9 runs is much narrower).
    const [lo, hi] = wilsonEffective(5 / 9, 27 / 7)!;
    expect(lo).toBeCloseTo(0.175735, 5);
    expect(hi).toBeCloseTo(0.879933, 5);
    expect(wilsonEffective(0.5, 0)).toBeNull();
  });
});
