import { describe, expect, it } from "vitest";
import { DIP, endSentence, trajectoryChart } from "@/domain/analytics/progress-chart";
import type { ConfigPath } from "@/domain/analytics/progress";

const path = (configId: string, pts: [number, boolean][], end: ConfigPath["end"] = "early_stop"): ConfigPath => ({
  configId,
  runs: 3,
  points: pts.map(([milestones, failed], call) => ({ call, milestones, failed, following: 3, running: 3 })),
  end,
  ends: { [end]: 2, complete: 1 },
});

describe("trajectoryChart", () => {
  const chart = trajectoryChart({
    taskId: "dentist",
    group: "multi_step",
    milestonesTotal: 4,
    configs: [
      path("bash", [
        [0, false],
        [0, true],
        [1, false],
      ]),
      path(
        "files",
        [
          [0, false],
          [0, true],
        ],
        "context_full",
      ),
    ],
  });

  it("offsets two configs by ±SPREAD/2 and dips failed calls to DIP", () => {
    expect(chart.series.map((s) => s.offset)).toEqual([-0.02, 0.02]);
    expect(chart.series[0].points.map((p) => p.y)).toEqual([-0.02, DIP - 0.02, 0.98]);
    expect(chart.series[1].points.map((p) => p.y)).toEqual([0.02, DIP + 0.02]);
  });

  it("has one row per call index, a config absent past its path's end", () => {
    expect(chart.maxCall).toBe(2);
    expect(chart.rows).toEqual([
      { call: 0, bash: -0.02, files: 0.02 },
      { call: 1, bash: DIP - 0.02, files: DIP + 0.02 },
      { call: 2, bash: 0.98 },
    ]);
    expect(chart.series.map((s) => [s.configId, s.lastCall, s.end, s.endText])).toEqual([
      ["bash", 2, "early_stop", "2 of 3 stopped early"],
      ["files", 1, "context_full", "2 of 3 ran out of context"],
    ]);
  });

  it("leaves a single config on its own height", () => {
    const one = trajectoryChart({
      taskId: "t",
      group: "multi_step",
      milestonesTotal: 1,
      configs: [
        path("c", [
          [0, false],
          [1, false],
        ]),
      ],
    });
    expect(one.series[0].points.map((p) => p.y)).toEqual([0, 1]);
  });
});

describe("endSentence", () => {
  it("says how many runs ended the way the line is marked", () => {
    expect(endSentence({ end: "context_full", ends: { context_full: 2, early_stop: 1 }, runs: 3 })).toBe(
      "2 of 3 ran out of context",
    );
    expect(endSentence({ end: "early_stop", ends: { early_stop: 3 }, runs: 3 })).toBe("3 of 3 stopped early");
  });
});
