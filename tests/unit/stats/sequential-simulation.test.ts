import { describe, expect, it } from "vitest";
import { simulateSequential, simulateSequentialStudy } from "@/domain/stats/sequential-simulate";

// The anytime-valid comparison on simulated studies (docs/statistics.md has the larger run, from
// scripts/calibrate-sequential.ts). Tasks with 1–3 repeats per config, pass chances from Beta(⅓, ⅓)
// (task ICC 0.6: most tasks 0/3 or 3/3, as in the study). Seeded: the same rates on every run.
const ALPHA = 0.05;
const bound = (n: number) => ALPHA + 2 * Math.sqrt((ALPHA * (1 - ALPHA)) / n);
const base = { minRepeats: 1, maxRepeats: 3, icc: 0.6 };

describe("the anytime comparison on simulated studies", () => {
  it("decides at most α + 2 SE of 500 A/A studies of 20 tasks that share each task's pass chance", () => {
    const r = simulateSequential({ ...base, tasks: 20, carry: 1 }, 500, ALPHA);
    expect(r.sequential.decided).toBeLessThanOrEqual(bound(500));
    // Adaptive repeats alone: a task whose first pair agrees takes no more runs.
    expect(r.sequential.runs).toBeLessThan(0.6 * 2 * 20 * 3);
  });

  it("stays within α + 2 SE where stopping at the first p < 0.05 does not (300 A/A studies of 60 tasks)", () => {
    // Each config draws every task's behaviour anew: still no difference on average, more tasks differ.
    const r = simulateSequential({ ...base, tasks: 60, carry: 0 }, 300, ALPHA);
    expect(r.sequential.decided).toBeLessThanOrEqual(bound(300));
    // The fixed-n sign-flip test read after every task, as if each look were the only one.
    expect(r.naive.decided).toBeGreaterThan(2 * ALPHA);
    expect(r.naive.decided - 2 * r.naive.se).toBeGreaterThan(bound(300));
  });

  it("finds 15 of 60 tasks that stop passing in ≥ 90% of 300 studies, with under half the fixed design's runs", () => {
    const r = simulateSequential({ ...base, tasks: 60, regressed: 15 }, 300, ALPHA);
    expect(r.sequential.correct).toBeGreaterThanOrEqual(0.9);
    expect(r.sequential.decided).toBe(r.sequential.correct); // never the wrong way
    expect(r.sequential.runs).toBeLessThan(0.5 * 2 * 60 * 3);
    // Where the fixed design (60 tasks × 3 repeats, one test at the end) decided, the sequential
    // rule reached the same decision in most studies with at least 30% fewer runs.
    expect(r.agreeing.share).toBeGreaterThanOrEqual(0.9);
    expect(r.agreeing.sequentialRuns).toBeLessThanOrEqual(0.7 * r.agreeing.fixedRuns);
  });

  it("pays for looking at every task with power on 20 tasks: 9 that stop passing are found in over half of 400 studies", () => {
    const r = simulateSequential({ ...base, tasks: 20, regressed: 9 }, 400, ALPHA);
    expect(r.sequential.correct).toBeGreaterThanOrEqual(0.55);
    expect(r.sequential.decided).toBe(r.sequential.correct);
    expect(r.fixed.correct).toBeGreaterThan(r.sequential.correct);
    expect(r.sequential.runs).toBeLessThanOrEqual(0.7 * 2 * 20 * 3);
  });

  it("spends runs as the rule says: the minimum on every task, at most the maximum, and stops when decided", () => {
    const s = simulateSequentialStudy({ ...base, tasks: 60, regressed: 15 }, 7, ALPHA);
    expect(s.fixed.runs).toBe(360);
    expect(s.sequential.runs).toBeGreaterThanOrEqual(2 * s.sequential.tasks);
    expect(s.sequential.runs).toBeLessThanOrEqual(6 * s.sequential.tasks);
    if (s.sequential.direction) expect(s.sequential.tasks).toBeLessThan(60);
    expect(simulateSequentialStudy({ ...base, tasks: 60, regressed: 15 }, 7, ALPHA)).toEqual(s);
  });
});
