import { describe, expect, it } from "vitest";
import { simulateGate, simulateStudy } from "@/domain/gate/simulate";
import { clustering } from "@/domain/stats/icc";

// The gate as shipped, on simulated studies of 20 tasks × 3 repeats with a task ICC near 0.6
// (docs/statistics.md has the measured rates). Seeded: the same rates on every run.
const ALPHA = 0.05;
const bound = (n: number) => ALPHA + 2 * Math.sqrt((ALPHA * (1 - ALPHA)) / n);

describe("the gate on simulated studies", () => {
  it("simulates the clustering it claims: the runs' ICC is near 0.6", () => {
    const iccs = Array.from({ length: 40 }, (_, i) => {
      const f = simulateStudy({ tasks: 20, repeats: 3, icc: 0.6 }, 1000 + i);
      const byTask = new Map<string, { runs: number; passed: number }>();
      for (const r of f.runs.baseline) {
        const c = byTask.get(r.taskId) ?? { runs: 0, passed: 0 };
        c.runs++;
        c.passed += r.passed ? 1 : 0;
        byTask.set(r.taskId, c);
      }
      return clustering([...byTask.values()]).icc ?? 0;
    });
    const mean = iccs.reduce((a, b) => a + b, 0) / iccs.length;
    expect(mean).toBeGreaterThan(0.5);
    expect(mean).toBeLessThan(0.7);
  });

  it("fails at most α + 2 SE of 500 A/A study pairs whose sessions redraw half the tasks' behaviour", () => {
    const r = simulateGate({ tasks: 20, repeats: 3, icc: 0.6, carry: 0.5 }, 500, ALPHA);
    expect(r.gate).toBeLessThanOrEqual(bound(500));
    // The run-paired McNemar the gate used to run counts each task's verdict three times.
    expect(r.runPairedMcnemar).toBeGreaterThan(r.passCheck);
  });

  it("fails at most α + 2 SE of 500 A/A study pairs that share every task's pass chance", () => {
    expect(simulateGate({ tasks: 20, repeats: 3, icc: 0.6, carry: 1 }, 500, ALPHA).gate).toBeLessThanOrEqual(
      bound(500),
    );
  });

  it("catches a true regression on 9 of 20 tasks in at least 80% of 500 studies", () => {
    const r = simulateGate({ tasks: 20, repeats: 3, icc: 0.6, carry: 1, regressed: 9, keep: 0 }, 500, ALPHA);
    expect(r.gate).toBeGreaterThanOrEqual(0.8);
  });

  it("catches a 1.4× slower build (model load, turn time and TTFT slope) in every one of 100 studies", () => {
    expect(simulateGate({ tasks: 20, repeats: 3, icc: 0.6, slowdown: 1.4 }, 100, ALPHA).gate).toBe(1);
  });
});
