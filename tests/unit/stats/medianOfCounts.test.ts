import { describe, expect, it } from "vitest";
import { medianOfCounts } from "@/domain/stats/medianOfCounts";

/** The median of every value listed one by one: what the window-function SQL computed. */
function naive(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return (s[Math.floor((n + 1) / 2) - 1] + s[Math.floor((n + 2) / 2) - 1]) / 2;
}

/** (g, x, n) rows as `GROUP BY g, x ORDER BY g, x` gives them. */
function counts(groups: Record<string, number[]>) {
  return Object.keys(groups)
    .sort()
    .flatMap((g) => {
      const byValue = new Map<number, number>();
      for (const x of groups[g]) byValue.set(x, (byValue.get(x) ?? 0) + 1);
      return [...byValue].sort((a, b) => a[0] - b[0]).map(([x, n]) => ({ g, x, n }));
    });
}

describe("medianOfCounts", () => {
  it("gives the middle value for odd counts and the mean of the two middle ones for even counts", () => {
    const m = medianOfCounts(counts({ a: [1000, 2000, 3000, 9000], b: [5, 5, 7], c: [42], d: [1, 2, 2, 2, 10, 10] }));
    expect(Object.fromEntries(m)).toEqual({ a: 2500, b: 5, c: 42, d: 2 });
  });

  it("equals the median of the expanded values for many random groups", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const groups: Record<string, number[]> = {};
    for (let g = 0; g < 50; g++)
      groups[`g${g}`] = Array.from({ length: 1 + Math.floor(rnd() * 40) }, () => Math.floor(rnd() * 12) * 0.5 - 2);
    const m = medianOfCounts(counts(groups));
    for (const [g, values] of Object.entries(groups)) expect(m.get(g)).toBe(naive(values));
  });
});
