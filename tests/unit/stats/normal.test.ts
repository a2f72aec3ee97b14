import { describe, expect, it } from "vitest";
import { normalQuantile } from "@/domain/stats/normal";

// Published z values (e.g. Abramowitz & Stegun 1964, Table 26.5; any z table):
// Φ⁻¹(0.975) = 1.959964, Φ⁻¹(0.8) = 0.841621, Φ⁻¹(0.995) = 2.575829, Φ⁻¹(0.01) = −2.326348.
// The far tail and a central point from scipy.stats.norm.ppf (an independent implementation):
// ppf(1e-10) = −6.3613409, ppf(0.3) = −0.5244005.
describe("normalQuantile", () => {
  it.each([
    [0.975, 1.959964],
    [0.8, 0.841621],
    [0.995, 2.575829],
    [0.01, -2.326348],
    [0.3, -0.5244005],
    [1e-10, -6.3613409],
  ])("Φ⁻¹(%f) = %f", (p, z) => {
    expect(normalQuantile(p)).toBeCloseTo(z, 6);
  });

  it("is antisymmetric about ½ and infinite at the ends", () => {
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.9)).toBeCloseTo(-normalQuantile(0.1), 9);
    expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
  });
});
