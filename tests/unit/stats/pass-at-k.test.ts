import { describe, expect, it } from "vitest";
import { passAtK, passHatK } from "@/domain/stats/pass-at-k";

describe("passAtK", () => {
  it("n = 3, c = 1, k = 1 is the pass fraction 1/3", () => {
    expect(passAtK(3, 1, 1)).toBeCloseTo(1 / 3, 15);
  });

  it("n = 3, c = 2, k = 2: 1 − C(1,2)/C(3,2) = 1 − 0/3 = 1", () => {
    expect(passAtK(3, 2, 2)).toBe(1);
  });

  it("n = 10, c = 3, k = 5: 1 − C(7,5)/C(10,5) = 1 − 21/252 = 11/12", () => {
    expect(passAtK(10, 3, 5)).toBeCloseTo(11 / 12, 14);
  });

  it("n = 3, c = 1, k = 2: 1 − C(2,2)/C(3,2) = 1 − 1/3 = 2/3", () => {
    expect(passAtK(3, 1, 2)).toBeCloseTo(2 / 3, 15);
  });

  it("is 0 without passes, 1 with all passes, null when k > n", () => {
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(5, 5, 1)).toBe(1);
    expect(passAtK(3, 1, 4)).toBeNull();
    expect(passAtK(0, 0, 1)).toBeNull();
  });

  it("stays in range at large n: n = 10,000, c = 1, k = 100 is k/n = 0.01", () => {
    // C(n−1, k)/C(n, k) = (n − k)/n, so pass@k = k/n exactly when c = 1
    expect(passAtK(10_000, 1, 100)).toBeCloseTo(0.01, 12);
  });

  it("rejects impossible counts", () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
    expect(() => passAtK(3, 1.5, 1)).toThrow(RangeError);
  });
});

describe("passHatK", () => {
  it("n = 3, c = 2, k = 2: C(2,2)/C(3,2) = 1/3", () => {
    expect(passHatK(3, 2, 2)).toBeCloseTo(1 / 3, 15);
  });

  it("k = 1 is the pass fraction; n = 10, c = 7, k = 3: C(7,3)/C(10,3) = 35/120", () => {
    expect(passHatK(3, 1, 1)).toBeCloseTo(1 / 3, 15);
    expect(passHatK(10, 7, 3)).toBeCloseTo(35 / 120, 15);
  });

  it("pass^3 over three repeats is 1 only when all three passed (the study's 3 repeats)", () => {
    expect(passHatK(3, 3, 3)).toBe(1);
    expect(passHatK(3, 2, 3)).toBe(0);
  });

  it("is 0 with fewer passes than k and null when k > n", () => {
    expect(passHatK(10, 3, 5)).toBe(0);
    expect(passHatK(3, 3, 4)).toBeNull();
  });

  it("stays finite at large n: n = 10,000, c = 9,999, k = 100 is (n − k)/n = 0.99", () => {
    // C(n−1, k)/C(n, k) = (n − k)/n
    expect(passHatK(10_000, 9_999, 100)).toBeCloseTo(0.99, 12);
  });
});
