import { describe, expect, it } from "vitest";
import { wilson } from "@/domain/stats/wilson";

// Reference values: the study's worked figures (issue 4) and Newcombe (1998), Stat Med 17:857,
// Table I (method 3, Wilson score): 81/263 → 0.2553–0.3662; 15/148 → 0.0624–0.1605; 0/20 → 0–0.1611.
describe("wilson", () => {
  it.each([
    [27, 30, 0.744, 0.965],
    [12, 30, 0.246, 0.577],
    [0, 3, 0, 0.561],
  ])("%i/%i matches the study's interval", (k, n, lo, hi) => {
    const [a, b] = wilson(k, n)!;
    expect(a).toBeCloseTo(lo, 3);
    expect(b).toBeCloseTo(hi, 3);
  });

  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
  ])("%i/%i matches Newcombe 1998 Table I", (k, n, lo, hi) => {
    const [a, b] = wilson(k, n)!;
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  it("is symmetric: k/n mirrors (n−k)/n", () => {
    const [a, b] = wilson(3, 3)!;
    const [c, d] = wilson(0, 3)!;
    expect(a).toBeCloseTo(1 - d, 12);
    expect(b).toBeCloseTo(1 - c, 12);
    expect(b).toBe(1);
  });

  it("has no interval without runs and rejects impossible counts", () => {
    expect(wilson(0, 0)).toBeNull();
    expect(() => wilson(4, 3)).toThrow(RangeError);
  });
});
