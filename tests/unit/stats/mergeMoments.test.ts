import { describe, expect, it } from "vitest";
import { mergeMoments } from "@/domain/stats/mergeMoments";
import type { Moments } from "@/domain/stats/regression";

/** The centred sums of points, computed directly (two passes). */
function moments(points: readonly [number, number][]): Moments {
  const n = points.length;
  const meanX = n ? points.reduce((s, p) => s + p[0], 0) / n : 0;
  const meanY = n ? points.reduce((s, p) => s + p[1], 0) / n : 0;
  const sum = (f: (p: [number, number]) => number) => points.reduce((s, p) => s + f(p), 0);
  return {
    n,
    meanX,
    meanY,
    sxx: sum(([x]) => (x - meanX) ** 2),
    sxy: sum(([x, y]) => (x - meanX) * (y - meanY)),
    syy: sum(([, y]) => (y - meanY) ** 2),
  };
}

describe("mergeMoments", () => {
  it("gives the centred sums of the union of the groups", () => {
    const a: [number, number][] = [
      [100, 700],
      [250, 1500],
      [400, 2300],
    ];
    const b: [number, number][] = [
      [90, 300],
      [95, 340],
    ];
    const c: [number, number][] = [
      [1000, 5200],
      [20, 260],
      [640, 3600],
      [641, 3590],
    ];
    const merged = mergeMoments([moments(a), moments(b), moments([]), moments(c)]);
    const direct = moments([...a, ...b, ...c]);
    expect(merged.n).toBe(9);
    for (const k of ["meanX", "meanY", "sxx", "sxy", "syy"] as const) expect(merged[k]).toBeCloseTo(direct[k], 6);
    // Centring per group only would lose the spread between the groups' means.
    expect(merged.sxx).toBeGreaterThan(moments(a).sxx + moments(b).sxx + moments(c).sxx);
  });

  it("is one group itself, and empty for no points", () => {
    const one = moments([
      [1, 2],
      [3, 5],
      [4, 4],
    ]);
    expect(mergeMoments([one])).toEqual(one);
    expect(mergeMoments([])).toEqual({ n: 0, meanX: 0, meanY: 0, sxx: 0, sxy: 0, syy: 0 });
  });
});
