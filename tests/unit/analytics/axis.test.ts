import { describe, expect, it } from "vitest";
import {
  axisWidth,
  categoryChars,
  niceTicks,
  secondsAxis,
  secondsTicks,
  textWidth,
  truncateLabel,
  valueAxis,
} from "@/domain/analytics/axis";

describe("tick label widths", () => {
  it('"1.35 s" at 12 px is 3 digits, a point, a space and an s: (3 × 0.64 + 2 × 0.32 + 0.62) em = 38.16 px', () => {
    expect(textWidth("1.35 s", 12)).toBeCloseTo(38.16, 6);
  });

  it("sizes a seconds axis to its widest label and its title: 38.16 + 8 + 22 + 4 → 73 px, wider than the 56 px that cut it", () => {
    expect(axisWidth(["0 s", "1.35 s"])).toBe(73);
    expect(axisWidth(["0 s", "1.35 s"])).toBeGreaterThan(56);
    // Without a title the label alone needs 38.16 + 8 + 4 → 51 px.
    expect(axisWidth(["1.35 s"], { titleFontSize: null })).toBe(51);
  });
});

describe("nice ticks", () => {
  it("0 to 1.37 s in steps of 0.5: 0, 0.5, 1, 1.5", () => {
    expect(niceTicks(1.37)).toEqual([0, 0.5, 1, 1.5]);
  });
  it("0 to 100 in steps of 20, and 0 to 1 in quarters with two decimals", () => {
    expect(niceTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it("rounds sums of tenths (0.1 + 0.2 is 0.3) and gives [0, 1] without data", () => {
    expect(niceTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
  it("labels seconds with the decimals the step needs, the same on every tick", () => {
    expect(secondsTicks([0, 0.25, 0.5])).toEqual(["0.00 s", "0.25 s", "0.50 s"]);
    expect(secondsTicks([0, 2, 4])).toEqual(["0 s", "2 s", "4 s"]);
  });
  it("a seconds axis for a 1.35 s median: domain 0–1.5, labels with one decimal, width fitted", () => {
    const a = secondsAxis(1.35);
    expect(a.domain).toEqual([0, 1.5]);
    expect(a.labels).toEqual(["0.0 s", "0.5 s", "1.0 s", "1.5 s"]);
    // "1.5 s": (2 × 0.64 + 2 × 0.32 + 0.62) × 12 = 30.48 → 30.48 + 8 + 22 + 4 → 65.
    expect(a.width).toBe(65);
  });
  it("a value axis formats its ticks with the given function", () => {
    const a = valueAxis(1234, (v) => v.toLocaleString("en-US"));
    // 1234 / 5 = 246.8 → a step of 250 (2.5 × 10²).
    expect(a.ticks).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(a.labels).toEqual(["0", "250", "500", "750", "1,000", "1,250"]);
    // "1,250": (4 × 0.64 + 0.32) × 12 = 34.56 → 34.56 + 34 → 69.
    expect(a.width).toBe(69);
  });
});

describe("category labels", () => {
  it("cuts a long config id with an ellipsis and keeps short ones whole", () => {
    expect(truncateLabel("bash-plan-examples-summarize", 12)).toBe("bash-plan-e…");
    expect(truncateLabel("bare", 12)).toBe("bare");
    expect(truncateLabel("bash-plan", 9)).toBe("bash-plan");
  });
  it("gives each of 7 configs on 600 px (85.7 − 8) / 6.6 → 11 characters, 15 when rotated 20° into a 48 px axis", () => {
    expect(categoryChars(600, 7)).toBe(11);
    expect(categoryChars(600, 7, { angleDeg: -20, axisHeight: 48 })).toBe(15);
    expect(categoryChars(60, 7)).toBe(4);
    expect(categoryChars(5000, 2)).toBe(28);
  });
});
