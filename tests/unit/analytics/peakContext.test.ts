import { describe, expect, it } from "vitest";
import { peakContextView } from "@/domain/analytics/peakContext";

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
    expect(peakContextView([])).toEqual({ tasks: [], windows: [], series: [], summary: [] });
  });
});
