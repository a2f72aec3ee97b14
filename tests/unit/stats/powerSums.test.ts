import { describe, expect, it } from "vitest";
import { addPowerSums, momentsFromPowerSums, NO_POINTS, type PowerSums } from "@/domain/stats/powerSums";
import { olsFromMoments } from "@/domain/stats/regression";

/** The power sums of integer points, summed here term by term. */
function sums(points: [number, number][]): PowerSums {
  return points.reduce<PowerSums>((s, [x, y]) => {
    const [bx, by] = [BigInt(x), BigInt(y)];
    return addPowerSums(s, { n: 1n, sx: bx, sy: by, sxx: bx * bx, sxy: bx * by, syy: by * by });
  }, NO_POINTS);
}

describe("momentsFromPowerSums", () => {
  it("gives the centred sums of a worked example", () => {
    // (1,2), (2,4), (3,5): x̄ = 2, ȳ = 11/3; Sxx = 2, Sxy = 3, Syy = 14/3 (by hand), slope 1.5.
    const m = momentsFromPowerSums(
      sums([
        [1, 2],
        [2, 4],
        [3, 5],
      ]),
    );
    expect(m).toEqual({ n: 3, meanX: 2, meanY: 11 / 3, sxx: 2, sxy: 3, syy: 14 / 3 });
    expect(olsFromMoments(m)?.slope).toBe(1.5);
  });

  it("is exact where the one-pass formula in doubles cancels to noise", () => {
    // x = 10⁹ + 1, 10⁹ + 2, 10⁹ + 3 and y = x: Σx² ≈ 3·10¹⁸ has an ulp of 512 as a double, so
    // Σx² − (Σx)²/n in doubles is 0 here; the centred sums are 2, 2, 2.
    const p = sums([
      [1e9 + 1, 1e9 + 1],
      [1e9 + 2, 1e9 + 2],
      [1e9 + 3, 1e9 + 3],
    ]);
    const naive = Number(p.sxx) - Number(p.sx) ** 2 / 3;
    expect(naive).toBe(0);
    const m = momentsFromPowerSums(p);
    expect([m.sxx, m.sxy, m.syy]).toEqual([2, 2, 2]);
    expect(m.meanX).toBe(1e9 + 2);
  });

  it("adds across a partition: two halves give the whole", () => {
    const a = sums([
      [3, 7],
      [5, 1],
    ]);
    const b = sums([
      [8, 8],
      [2, 9],
      [4, 4],
    ]);
    expect(addPowerSums(a, b)).toEqual(
      sums([
        [3, 7],
        [5, 1],
        [8, 8],
        [2, 9],
        [4, 4],
      ]),
    );
  });

  it("gives zeros for no points", () => {
    expect(momentsFromPowerSums(NO_POINTS)).toEqual({ n: 0, meanX: 0, meanY: 0, sxx: 0, sxy: 0, syy: 0 });
  });
});
