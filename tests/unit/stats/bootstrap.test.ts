import { describe, expect, it } from "vitest";
import { clusterBootstrapDiff, type TaskPair } from "@/domain/stats/bootstrap";

const task = (aPassed: number, bPassed: number, runs = 3): TaskPair => ({ aRuns: runs, aPassed, bRuns: runs, bPassed });

describe("clusterBootstrapDiff", () => {
  const tasks = [task(0, 3), task(3, 3), task(0, 0), task(1, 3), task(3, 2), task(0, 3), task(2, 2), task(0, 1)];

  it("gives the same interval for the same seed, and records it", () => {
    const x = clusterBootstrapDiff(tasks, { seed: 7 })!;
    const y = clusterBootstrapDiff(tasks, { seed: 7 })!;
    expect(y).toEqual(x);
    expect(x).toMatchObject({ seed: 7, resamples: 10_000, tasks: 8 });
    // Observed: a 9/24, b 17/24 → +8/24.
    expect(x.diff).toBeCloseTo(8 / 24, 12);
    const z = clusterBootstrapDiff(tasks, { seed: 8 })!;
    expect(z.ci).not.toEqual(x.ci);
    expect(Math.abs(z.ci[0] - x.ci[0])).toBeLessThan(0.05);
  });

  it("collapses to a point when every task changed by the same amount", () => {
    const r = clusterBootstrapDiff([task(1, 2), task(0, 1), task(2, 3)])!;
    expect(r.ci[0]).toBeCloseTo(1 / 3, 12);
    expect(r.ci[1]).toBeCloseTo(1 / 3, 12);
  });

  it("agrees with the normal approximation over many tasks", () => {
    // 200 tasks, equal runs, so the pooled difference is the mean of the per-task differences
    // dᵢ ∈ {−1, 0, +1, +2/3}; the bootstrap SE of a mean is s·√((k−1)/k)/√k (plug-in variance,
    // Efron & Tibshirani §5.2), so the 95% interval is ≈ mean ± 1.959964·SE.
    const pattern = [task(3, 0), task(0, 3), task(0, 3), task(1, 3), task(2, 2)];
    const many = Array.from({ length: 200 }, (_, i) => pattern[i % 5]);
    const d = many.map((t) => (t.bPassed - t.aPassed) / 3);
    const mean = d.reduce((s, v) => s + v, 0) / d.length;
    const plugInSd = Math.sqrt(d.reduce((s, v) => s + (v - mean) ** 2, 0) / d.length);
    const se = plugInSd / Math.sqrt(d.length);
    const r = clusterBootstrapDiff(many, { seed: 1 })!;
    expect(r.diff).toBeCloseTo(mean, 12);
    expect(r.ci[0]).toBeCloseTo(mean - 1.959964 * se, 2);
    expect(r.ci[1]).toBeCloseTo(mean + 1.959964 * se, 2);
  });

  it("is null with no task on both sides", () => {
    expect(clusterBootstrapDiff([{ aRuns: 3, aPassed: 1, bRuns: 0, bPassed: 0 }])).toBeNull();
  });
});
