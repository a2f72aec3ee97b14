import { describe, expect, it } from "vitest";
import { binomialCdf, binomialLogPmf, binomialPmf } from "@/domain/stats/binomial";

describe("binomial pmf", () => {
  it("Bin(4, ½) is 1, 4, 6, 4, 1 over 16 (Pascal's triangle)", () => {
    [1, 4, 6, 4, 1].forEach((c, k) => expect(binomialPmf(k, 4, 0.5)).toBeCloseTo(c / 16, 14));
  });

  it("Bin(10, 0.3) at 3 = C(10,3)·0.3³·0.7⁷ = 120 · 0.027 · 0.0823543 = 0.266827932", () => {
    expect(binomialPmf(3, 10, 0.3)).toBeCloseTo(0.266827932, 9);
  });

  it("stays finite at n = 10,000: P(X = 5000) for Bin(10⁴, ½) ≈ √(2/πn)·(1 − 1/4n) = 0.0079786461", () => {
    // Stirling's series for the central binomial coefficient: C(2m, m)/4ᵐ = (πm)^(−½)·(1 − 1/8m + …),
    // with m = 5000: (5000π)^(−½) = 0.00797884561, times (1 − 1/40000) = 0.00797864614.
    expect(binomialPmf(5000, 10_000, 0.5)).toBeCloseTo(0.0079786461, 9);
    expect(Number.isFinite(binomialLogPmf(0, 10_000, 0.5))).toBe(true);
    // ln P(X = 0) = 10⁴ · ln ½ = −6931.4718056
    expect(binomialLogPmf(0, 10_000, 0.5)).toBeCloseTo(-6931.4718056, 6);
  });

  it("is zero off the support and certain at p = 0 or 1", () => {
    expect(binomialPmf(-1, 5, 0.5)).toBe(0);
    expect(binomialPmf(6, 5, 0.5)).toBe(0);
    expect(binomialPmf(0, 5, 0)).toBe(1);
    expect(binomialPmf(5, 5, 1)).toBe(1);
    expect(binomialPmf(4, 5, 1)).toBe(0);
    expect(binomialPmf(0, 0, 0.3)).toBe(1);
  });

  it("rejects impossible parameters", () => {
    expect(() => binomialPmf(1, 3.5, 0.5)).toThrow(RangeError);
    expect(() => binomialPmf(1, 3, 1.5)).toThrow(RangeError);
  });
});

describe("binomial cdf", () => {
  it("Bin(12, ½): P(X ≤ 2) = (1 + 12 + 66)/4096 = 79/4096", () => {
    expect(binomialCdf(2, 12, 0.5)).toBeCloseTo(79 / 4096, 15);
  });

  it("Bin(4, ½): P(X ≤ 3) = 15/16 (summed from the upper tail)", () => {
    expect(binomialCdf(3, 4, 0.5)).toBeCloseTo(15 / 16, 14);
  });

  it("by symmetry P(X ≤ 5000) for Bin(10⁴, ½) is ½ + ½·P(X = 5000) = 0.50398932", () => {
    expect(binomialCdf(5000, 10_000, 0.5)).toBeCloseTo(0.5 + 0.0079786461 / 2, 9);
    expect(binomialCdf(4999, 10_000, 0.5)).toBeCloseTo(0.5 - 0.0079786461 / 2, 9);
  });

  it("has a tiny lower tail without underflowing to garbage: Bin(10⁴, ½) P(X ≤ 0) = 2⁻¹⁰⁰⁰⁰ = 0", () => {
    expect(binomialCdf(0, 10_000, 0.5)).toBe(0); // 2^-10000 underflows to exactly 0 in doubles
    expect(binomialCdf(1, 2000, 0.5)).toBeCloseTo(0, 300);
  });

  it("is 0 below the support and 1 at or above n", () => {
    expect(binomialCdf(-1, 10, 0.3)).toBe(0);
    expect(binomialCdf(10, 10, 0.3)).toBe(1);
    expect(binomialCdf(12, 10, 0.3)).toBe(1);
  });
});
