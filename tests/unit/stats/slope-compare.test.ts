import { describe, expect, it } from "vitest";
import { olsFit } from "@/domain/stats/regression";
import { significantlyWorse, slopeDifference } from "@/domain/stats/slope-compare";

describe("slopeDifference", () => {
  it("matches a hand-worked pair of three-point fits (ν = 2 has a closed-form tail)", () => {
    // a: (0,0), (1,1), (2,1): x̄ = 1, ȳ = ⅔, Sxx = 2, Sxy = 1 → b₁ = ½; residuals −⅙, ⅓, −⅙,
    //    SSE = ⅙, s² = SSE/1, SE² = s²/Sxx = 1/12.
    // b: y doubled → b₁ = 1, SE² = 4/12 = ⅓.
    // diff = ½, se = √(1/12 + ⅓) = √(5/12) = 0.645497, t = ½/√(5/12) = √0.6 = 0.774597, df = 2
    // ν = 2: P(|T| ≥ t) = 1 − t/√(2 + t²) = 1 − √(0.6/2.6) = 1 − √(3/13) = 0.519615
    const a = olsFit([
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
    ])!;
    const b = olsFit([
      { x: 0, y: 0 },
      { x: 1, y: 2 },
      { x: 2, y: 2 },
    ])!;
    const d = slopeDifference(a, b)!;
    expect(d.diff).toBeCloseTo(0.5, 12);
    expect(d.se).toBeCloseTo(Math.sqrt(5 / 12), 12);
    expect(d.t).toBeCloseTo(Math.sqrt(0.6), 12);
    expect(d.df).toBe(2);
    expect(d.p).toBeCloseTo(1 - Math.sqrt(3 / 13), 12);
  });

  it("reaches p = 0.05 at the tabled critical value t(0.975, 20) = 2.086", () => {
    // se = √(0.1² + 0.1²) = 0.1414214; diff = 2.086·se puts t on the table's 5% point, df = 12 + 12 − 4
    const se = Math.sqrt(0.02);
    const d = slopeDifference({ n: 12, slope: 5, slopeSe: 0.1 }, { n: 12, slope: 5 + 2.086 * se, slopeSe: 0.1 })!;
    expect(d.df).toBe(20);
    expect(d.t).toBeCloseTo(2.086, 9);
    expect(d.p).toBeCloseTo(0.05, 3);
  });

  it("is antisymmetric in diff and t, symmetric in p", () => {
    const x = { n: 8, slope: 5.2, slopeSe: 0.1 };
    const y = { n: 10, slope: 5.5, slopeSe: 0.2 };
    const xy = slopeDifference(x, y)!;
    const yx = slopeDifference(y, x)!;
    expect(yx.diff).toBeCloseTo(-xy.diff, 12);
    expect(yx.t).toBeCloseTo(-xy.t, 12);
    expect(yx.p).toBeCloseTo(xy.p, 12);
  });

  it("is null for two exact lines or a fit without residual degrees of freedom", () => {
    expect(slopeDifference({ n: 4, slope: 1, slopeSe: 0 }, { n: 4, slope: 2, slopeSe: 0 })).toBeNull();
    expect(slopeDifference({ n: 2, slope: 1, slopeSe: 0.1 }, { n: 4, slope: 2, slopeSe: 0.1 })).toBeNull();
  });
});

describe("significantlyWorse", () => {
  // Both fits n = 12 (df = 20), SE 0.1 each, so se = 0.1414 and the 5% two-sided cut is |t| = 2.086.
  const prev = { n: 12, slope: 5.2, slopeSe: 0.1 };
  const se = Math.sqrt(0.02);

  it("flags a steeper TTFT slope beyond the 5% critical value", () => {
    expect(significantlyWorse(prev, { ...prev, slope: 5.2 + 2.2 * se })).toBe(true);
  });

  it("does not flag a steeper slope within noise, nor a significantly flatter one", () => {
    expect(significantlyWorse(prev, { ...prev, slope: 5.2 + 2.0 * se })).toBe(false);
    expect(significantlyWorse(prev, { ...prev, slope: 5.2 - 5 * se })).toBe(false);
  });

  it("honours alpha and never flags an untestable pair", () => {
    // t = 2.2 at df = 20 gives p ≈ 0.04 (between the tabled 2.086 at 0.05 and 2.528 at 0.02)
    expect(significantlyWorse(prev, { ...prev, slope: 5.2 + 2.2 * se }, 0.02)).toBe(false);
    expect(significantlyWorse({ n: 4, slope: 1, slopeSe: 0 }, { n: 4, slope: 2, slopeSe: 0 })).toBe(false);
  });
});
