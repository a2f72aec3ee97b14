import { describe, expect, it } from "vitest";
import { rateMark, ratePx, whiskerPx } from "@/domain/analytics/whisker";

// Wilson 95% for 0/15 from the closed form: upper = z²/(n + z²) = 3.8415/18.8415 = 0.20388 (lower 0).
const ZERO_OF_15: [number, number] = [0, 0.20388];
// 15/15 is its mirror image: lower = n/(n + z²) = 0.79612, upper 1.
const ALL_OF_15: [number, number] = [1 - 0.79612, 0];

describe("rateMark", () => {
  it("keeps a 0/15 bar's interval, 0 to ~20%, and marks it as zero", () => {
    const m = rateMark(0, ZERO_OF_15);
    expect(m.zero).toBe(true);
    expect(m.lo).toBe(0);
    expect(m.hi).toBeCloseTo(0.2039, 4);
  });
  it("keeps a 15/15 bar's interval, ~80% to 100%, not as zero", () => {
    const m = rateMark(1, ALL_OF_15);
    expect(m).toEqual({ lo: expect.closeTo(0.79612, 5), hi: 1, zero: false });
  });
  it("clamps rounding past 0 and 1", () => {
    expect(rateMark(0, [1e-12, 0.2])).toMatchObject({ lo: 0 });
    expect(rateMark(1, [0.2, 1e-12])).toMatchObject({ hi: 1 });
  });
  it("has nothing to draw without runs", () => {
    expect(rateMark(null, null)).toEqual({ lo: null, hi: null, zero: false });
  });
});

describe("whiskerPx", () => {
  it("maps a vertical plot (y grows down: 0 at 200, 1 at 0)", () => {
    expect(ratePx(0.25, 200, 0)).toBe(150);
    const w = whiskerPx(rateMark(0, ZERO_OF_15), 0, 200, 0)!;
    expect(w.from).toBe(200);
    expect(w.bar).toBe(200);
    expect(w.to).toBeCloseTo(200 - 0.20388 * 200, 6);
  });
  it("maps a horizontal plot (0 at x = 100, 1 at x = 500)", () => {
    const w = whiskerPx(rateMark(1, ALL_OF_15), 1, 100, 500)!;
    expect(w.to).toBe(500);
    expect(w.bar).toBe(500);
    expect(w.from).toBeCloseTo(100 + 0.79612 * 400, 6);
  });
  it("is null for a bar without runs or without an interval", () => {
    expect(whiskerPx(rateMark(null, null), null, 0, 1)).toBeNull();
    expect(whiskerPx(rateMark(0.5, null), 0.5, 0, 1)).toBeNull();
  });
});
