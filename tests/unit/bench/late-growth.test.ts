import { describe, expect, it } from "vitest";
import { lateGrowth } from "../../../scripts/bench/measure";

describe("lateGrowth: memory flat through a streamed export", () => {
  it("a buffered export, holding what it wrote, is not flat", () => {
    // 200 MB of output, RSS 100 MB plus everything written so far, sampled ten times.
    const samples = Array.from({ length: 10 }, (_, i) => 100 + (200 * (i + 1)) / 10);
    const r = lateGrowth(samples, 200);
    expect(r.mb).toBe(100); // 300 − 200: the second half's output, held
    expect(r.met).toBe(false);
  });

  it("a sawtooth around a working set reached early is flat, however high the teeth", () => {
    const samples = [130, 300, 240, 350, 230, 340, 235, 345, 240, 352];
    const r = lateGrowth(samples, 158);
    expect(r.mb).toBe(2); // 352 − 350
    expect(r.met).toBe(true);
  });

  it("a rise of a quarter of the second half's output is where flat ends", () => {
    // Output 80 MB: its second half 40 MB, a quarter of it 10 MB.
    expect(lateGrowth([100, 100, 109.9, 100], 80).met).toBe(true);
    expect(lateGrowth([100, 100, 110, 100], 80).met).toBe(false);
  });

  it("too few samples to halve say nothing against it", () => {
    expect(lateGrowth([], 10)).toEqual({ mb: 0, met: true });
    expect(lateGrowth([500], 10)).toEqual({ mb: 0, met: true });
  });
});
