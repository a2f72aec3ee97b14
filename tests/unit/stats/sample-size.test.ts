import { describe, expect, it } from "vitest";
import { connorPairs, detectableDifference, tasksForPairs } from "@/domain/stats/sample-size";

// References from Connor's formula evaluated in Python with scipy.stats.norm.ppf (independent z):
// ψ 0.2, δ 0.1 → 154.599 → 155 (the figure); ψ 0.3, δ 0.15 → 102.26 → 103;
// ψ 0.1, δ 0.05 → 311.59 → 312; ψ 0.25, δ 0.1, α 0.01, power 0.9 → 367.008 → 368.
describe("connorPairs", () => {
  it.each([
    [0.2, 0.1, 0.05, 0.8, 155],
    [0.3, 0.15, 0.05, 0.8, 103],
    [0.1, 0.05, 0.05, 0.8, 312],
    [0.25, 0.1, 0.01, 0.9, 368],
  ])("ψ %f, δ %f, α %f, power %f → %i pairs", (psi, delta, alpha, power, n) => {
    expect(connorPairs(psi, delta, alpha, power)).toBe(n);
  });

  it("refuses a difference larger than the discordant share, or zero", () => {
    expect(() => connorPairs(0.1, 0.2)).toThrow(RangeError);
    expect(() => connorPairs(0.2, 0)).toThrow(RangeError);
  });
});

describe("detectableDifference", () => {
  it("inverts Connor's n: 154.599 pairs at ψ 0.2 detect δ = 0.1", () => {
    expect(detectableDifference(154.59856956, 0.2)).toBeCloseTo(0.1, 6);
    // Fewer pairs, a larger detectable difference.
    expect(detectableDifference(60, 0.2)!).toBeGreaterThan(0.1);
  });

  it("is null when even all discordant pairs one way would not be detected", () => {
    // δ = ψ = 0.2: n = (1.959964·√0.2 + 0.841621·√0.16)² / 0.04 = 1.213172² / 0.04 = 36.8 pairs.
    expect(detectableDifference(36, 0.2)).toBeNull();
    expect(detectableDifference(37, 0.2)).toBeCloseTo(0.2, 2);
  });
});

describe("tasksForPairs", () => {
  it("converts pairs to tasks with the design effect", () => {
    // 155 pairs, 3 repeats: ρ = 1 → 155·3/3 = 155 tasks; ρ = 0 → ⌈155/3⌉ = 52; ρ = 0.5 → ⌈155·2/3⌉ = 104.
    expect(tasksForPairs(155, 3, 1)).toBe(155);
    expect(tasksForPairs(155, 3, 0)).toBe(52);
    expect(tasksForPairs(155, 3, 0.5)).toBe(104);
    expect(tasksForPairs(155, 1, 0.7)).toBe(155);
  });
});
