import { describe, expect, it } from "vitest";
import { olsFit } from "@/domain/stats/regression";
import { slopeP } from "@/domain/stats/slope-test";

describe("slopeP (t test of an OLS slope)", () => {
  it("matches a hand-worked example with 3 degrees of freedom", () => {
    // x = 1..5, y = 1,3,2,5,4: Sxx = 10, Sxy = 8, b₁ = 0.8, SSE = 10 − 0.8·8 = 3.6, s² = 1.2,
    // SE = √0.12, t = 0.8/√0.12 so t/√3 = 4/3. Student's t with 3 df has the closed form
    // F(t) = ½ + (1/π)[(t/√3)/(1 + t²/3) + atan(t/√3)] = ½ + (0.48 + atan(4/3))/π,
    // so p = 2(1 − F) = 1 − 2(0.48 + 0.9272952180016122)/π = 0.10408…
    const fit = olsFit([1, 3, 2, 5, 4].map((y, i) => ({ x: i + 1, y })))!;
    expect(fit.slope).toBeCloseTo(0.8, 12);
    expect(slopeP(fit)).toBeCloseTo(1 - (2 * (0.48 + 0.9272952180016122)) / Math.PI, 10);
  });
  it("is 0 for an exact non-flat line, 1 for an exact flat one, null below three points", () => {
    expect(slopeP({ n: 4, slope: -2, slopeSe: 0 })).toBe(0);
    expect(slopeP({ n: 4, slope: 0, slopeSe: 0 })).toBe(1);
    expect(slopeP({ n: 2, slope: 1, slopeSe: 0.1 })).toBeNull();
  });
});
