import { describe, expect, it } from "vitest";
import { signTest } from "@/domain/stats/sign-test";

// Expected values are sums of binomial coefficients over 2ⁿ, worked out in each comment.
describe("signTest", () => {
  it("2 improved vs 2 degraded gives p = 1.0 (the study, Section 4.6)", () => {
    // n = 4: 2·P(X ≤ 2) = 2·(1 + 4 + 6)/16 = 22/16 → capped at 1
    expect(signTest(2, 2)).toBe(1);
  });

  it("3 vs 0 gives p = 0.25", () => {
    // n = 3: 2·P(X ≤ 0) = 2/8
    expect(signTest(3, 0)).toBeCloseTo(0.25, 15);
    expect(signTest(0, 3)).toBeCloseTo(0.25, 15);
  });

  it("10 vs 2 gives p = 2·(1 + 12 + 66)/4096 = 0.0385742", () => {
    expect(signTest(10, 2)).toBeCloseTo(158 / 4096, 14);
    expect(signTest(10, 2)).toBeCloseTo(0.0386, 4);
  });

  it("10 vs 0 gives 2/1024; 5 vs 1 gives 2·7/64", () => {
    expect(signTest(10, 0)).toBeCloseTo(2 / 1024, 15);
    expect(signTest(5, 1)).toBeCloseTo(14 / 64, 15);
  });

  it("is 1 with no changed tasks and symmetric in its arguments", () => {
    expect(signTest(0, 0)).toBe(1);
    expect(signTest(7, 19)).toBe(signTest(19, 7));
  });

  it("handles thousands of changes: 5000 vs 5000 is p = 1", () => {
    // 2·P(X ≤ 5000) = 1 + P(X = 5000) > 1 → capped
    expect(signTest(5000, 5000)).toBe(1);
    expect(signTest(4000, 6000)).toBeLessThan(1e-80);
  });

  it("rejects negative or fractional counts", () => {
    expect(() => signTest(-1, 2)).toThrow(RangeError);
    expect(() => signTest(1.5, 2)).toThrow(RangeError);
  });
});
