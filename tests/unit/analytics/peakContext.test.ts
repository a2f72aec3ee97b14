import { describe, expect, it } from "vitest";
import { peakContextOf, peakContextView, peakTotals } from "@/domain/analytics/peakContext";

const run = (
  runId: string,
  taskId: string,
  configId: string,
  peak: number,
  outcome = "tool_limit",
  contextWindow = 2048,
) => ({
  runId,
  taskId,
  configId,
  repeat: 1,
  peakContextTokens: peak,
  contextWindow,
  outcome,
});

describe("peakContextView", () => {
  it("places runs in their task's band, configs side by side, and marks context_full runs", () => {
    const v = peakContextView([
      run("r1", "dentist", "files-plan", 2010, "context_full"),
      run("r2", "dentist", "files", 1500),
      run("r3", "drafts", "files-plan", 1900),
      run("r4", "drafts", "files", 1200, "finished"),
    ]);
    expect(v.tasks).toEqual(["dentist", "drafts"]);
    expect(v.windows).toEqual([2048]);
    expect(v.series.map((s) => s.configId)).toEqual(["files", "files-plan"]);
    // Two configs spread over ±0.35 of the task position.
    expect(v.series[0].points.map((p) => p.x)).toEqual([-0.35, 0.65]);
    expect(v.series[1].points.map((p) => p.x)).toEqual([0.35, 1.35]);
    expect(v.series[1].points[0]).toMatchObject({ runId: "r1", y: 2010, contextFull: true });
    expect(v.series[1].points[0].share).toBeCloseTo(2010 / 2048, 12);
    expect(v.summary).toEqual([
      { configId: "files", runs: 2, contextFull: 0, maxPeak: 1500 },
      { configId: "files-plan", runs: 2, contextFull: 1, maxPeak: 2010 },
    ]);
  });
  it("centres a single config, spreads its repeats over ±0.04 and keeps each distinct window", () => {
    const v = peakContextView([
      run("a", "t", "bash", 600, "finished", 4096),
      run("b", "t", "bash", 700, "finished", 2048),
      run("c", "t", "bash", 700),
    ]);
    expect(v.series[0].points.map((p) => p.x)).toEqual([-0.04, 0, 0.04]);
    expect(v.windows).toEqual([2048, 4096]);
    expect(v).toMatchObject({ total: 3, shown: 3, sampled: false });
    expect(peakContextView([])).toEqual({
      tasks: [],
      windows: [],
      series: [],
      summary: [],
      total: 0,
      shown: 0,
      sampled: false,
    });
  });

  it("draws a sample against totals counted over every run: the axis, the windows and the counts stay", () => {
    const all = [
      run("a", "t1", "bash", 600, "finished", 4096),
      run("b", "t2", "files", 900, "context_full", 2048),
      run("c", "t2", "bash", 700),
    ];
    const totals = peakTotals(all);
    const v = peakContextOf([all[2]], totals, 3);
    expect(v).toMatchObject({ tasks: ["t1", "t2"], windows: [2048, 4096], total: 3, shown: 1, sampled: true });
    expect(v.summary).toEqual([
      { configId: "bash", runs: 2, contextFull: 0, maxPeak: 700 },
      { configId: "files", runs: 1, contextFull: 1, maxPeak: 900 },
    ]);
    // c keeps the x it has in the whole view: task t2 (1), bash's side of the band (−0.35).
    expect(v.series.map((s) => [s.configId, s.points.map((p) => [p.runId, p.x])])).toEqual([
      ["bash", [["c", 1 - 0.35]]],
      ["files", []],
    ]);
  });
});
