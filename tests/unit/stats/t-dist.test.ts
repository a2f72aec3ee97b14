import { describe, expect, it } from "vitest";
import { regularizedIncompleteBeta } from "@/domain/stats/incomplete-beta";
import { studentTCdf, studentTQuantile, studentTTwoSidedP } from "@/domain/stats/t-dist";

describe("regularizedIncompleteBeta", () => {
  it("matches the closed forms Iₓ(a, 1) = xᵃ, Iₓ(1, b) = 1 − (1 − x)ᵇ, Iₓ(2, 2) = 3x² − 2x³", () => {
    expect(regularizedIncompleteBeta(0.3, 2.5, 1)).toBeCloseTo(0.3 ** 2.5, 13);
    expect(regularizedIncompleteBeta(0.3, 1, 4)).toBeCloseTo(1 - 0.7 ** 4, 13);
    expect(regularizedIncompleteBeta(0.8, 2, 2)).toBeCloseTo(3 * 0.64 - 2 * 0.512, 13);
  });

  it("matches the binomial tail: I₀.₃(2, 3) = P(Bin(4, 0.3) ≥ 2) = 1 − 0.2401 − 0.4116 = 0.3483", () => {
    expect(regularizedIncompleteBeta(0.3, 2, 3)).toBeCloseTo(0.3483, 13);
  });

  it("is ½ at x = ½ when a = b, including large parameters", () => {
    expect(regularizedIncompleteBeta(0.5, 7, 7)).toBeCloseTo(0.5, 13);
    expect(regularizedIncompleteBeta(0.5, 500, 500)).toBeCloseTo(0.5, 10);
  });

  it("is 0 and 1 at the ends and rejects bad parameters", () => {
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(() => regularizedIncompleteBeta(0.5, 0, 1)).toThrow(RangeError);
    expect(() => regularizedIncompleteBeta(1.5, 1, 1)).toThrow(RangeError);
  });
});

describe("studentTCdf", () => {
  it("ν = 1 is the Cauchy distribution: F(t) = ½ + atan(t)/π", () => {
    for (const t of [-30, -1, 0, 0.5, 1, 12.706])
      expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 13);
  });

  it("ν = 2 has F(t) = ½ + t / (2√(2 + t²))", () => {
    for (const t of [-4, -0.3, 1, 4.303])
      expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 13);
  });

  it("ν = 3 has F(t) = ½ + (θ + sinθ·cosθ)/π with θ = atan(t/√3); at t = 3, θ = π/3: ½ + ⅓ + √3/(4π) = 0.971166", () => {
    expect(studentTCdf(3, 3)).toBeCloseTo(0.5 + 1 / 3 + Math.sqrt(3) / (4 * Math.PI), 13);
  });

  it("gives 0.975 at the tabled two-sided 5% critical values", () => {
    // t-table (e.g. NIST/SEMATECH e-Handbook §1.3.6.7.2), three decimals, so agreement to ~1e-4
    for (const [t, df] of [
      [2.571, 5],
      [2.228, 10],
      [2.042, 30],
      [1.984, 100],
    ]) {
      expect(studentTCdf(t, df)).toBeCloseTo(0.975, 4);
    }
  });

  it("approaches the normal for large ν: F(1.959964, 10⁷) ≈ 0.975", () => {
    expect(studentTCdf(1.959963984540054, 1e7)).toBeCloseTo(0.975, 6);
  });
});

describe("studentTTwoSidedP", () => {
  it("is 2·(1 − F(|t|)) — ν = 2, t = 1: 1 − 1/√3 = 0.422650", () => {
    expect(studentTTwoSidedP(1, 2)).toBeCloseTo(1 - 1 / Math.sqrt(3), 13);
    expect(studentTTwoSidedP(-1, 2)).toBeCloseTo(1 - 1 / Math.sqrt(3), 13);
    expect(studentTTwoSidedP(0, 7)).toBe(1);
  });

  it("keeps tiny tails: ν = 1, t = 10⁶ gives 2·atan(10⁻⁶)/π ≈ 6.3662e-7", () => {
    expect(studentTTwoSidedP(1e6, 1)).toBeCloseTo((2 * Math.atan(1e-6)) / Math.PI, 18);
  });
});

describe("studentTQuantile", () => {
  it.each([
    [1, 12.706],
    [2, 4.303],
    [3, 3.182],
    [5, 2.571],
    [10, 2.228],
    [30, 2.042],
    [100, 1.984],
    [1000, 1.962],
  ])("t(0.975, %i) matches the t-table value %f", (df, t) => {
    expect(studentTQuantile(0.975, df)).toBeCloseTo(t, 3);
  });

  it("matches the closed forms: ν = 1 tan(π(p − ½)); ν = 2 (2p − 1)/√(2p(1 − p))", () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(Math.tan(0.475 * Math.PI), 9);
    expect(studentTQuantile(0.9995, 1)).toBeCloseTo(Math.tan(0.4995 * Math.PI), 7); // 636.619 in tables
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(0.95 / Math.sqrt(2 * 0.975 * 0.025), 11);
  });

  it("other tabled one-sided levels: t(0.95, 10) = 1.812, t(0.995, 10) = 3.169", () => {
    expect(studentTQuantile(0.95, 10)).toBeCloseTo(1.812, 3);
    expect(studentTQuantile(0.995, 10)).toBeCloseTo(3.169, 3);
  });

  it("is antisymmetric, 0 at the median and infinite at the ends", () => {
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-studentTQuantile(0.975, 10), 12);
    expect(studentTQuantile(0.5, 4)).toBe(0);
    expect(studentTQuantile(1, 4)).toBe(Number.POSITIVE_INFINITY);
    expect(studentTQuantile(0, 4)).toBe(Number.NEGATIVE_INFINITY);
    expect(() => studentTQuantile(0.9, 0)).toThrow(RangeError);
    expect(() => studentTQuantile(1.1, 3)).toThrow(RangeError);
  });
});
