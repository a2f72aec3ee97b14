import { describe, expect, it } from "vitest";
import { TASK_GROUP_SERIES, inTaskGroup, taskGroupCounts } from "@/domain/analytics/taskGroups";
import { outcomeDistribution } from "@/domain/analytics/outcomes";
import { outcomeShares, shareText } from "@/domain/analytics/outcomeShares";
import { passRateBarsOverall } from "@/domain/analytics/passRateChart";
import { samePathAs, samePathNotes } from "@/domain/analytics/progress-chart";
import { wilson } from "@/domain/stats/wilson";
import { OUTCOMES } from "@/domain/scoring/types";

describe("task groups, one definition for chart and table", () => {
  it("counts multi-step tasks in 'need files' and on their own, never as a rival group", () => {
    const byGroup = {
      no_files: { runs: 11, passed: 9, wilson: null },
      files: { runs: 8, passed: 4, wilson: null },
      multi_step: { runs: 5, passed: 0, wilson: null },
    };
    const c = taskGroupCounts(byGroup, { runs: 4, passed: 1, wilson: null }, wilson);
    expect([c.noFiles.passed, c.noFiles.runs]).toEqual([9, 11]);
    expect([c.needsFiles.passed, c.needsFiles.runs]).toEqual([4, 13]);
    expect([c.multiStep.passed, c.multiStep.runs]).toEqual([0, 5]);
    expect([c.heldOut.passed, c.heldOut.runs]).toEqual([1, 4]);
    expect(c.needsFiles.wilson).toEqual(wilson(4, 13));
    expect(TASK_GROUP_SERIES.map((s) => s.short)).toEqual(["No files", "Need files", "Multi-step", "Held out"]);
  });

  it("gives the outcome chart's 'need files' scope the same runs as the pass-rate series", () => {
    expect(["no_files", "files", "multi_step"].filter((g) => inTaskGroup("needsFiles", g))).toEqual([
      "files",
      "multi_step",
    ]);
    const facts = [
      { configId: "bare", group: "no_files", outcome: "finished", n: 3 },
      { configId: "bare", group: "files", outcome: "gave_up", n: 2 },
      { configId: "bare", group: "multi_step", outcome: "context_full", n: 1 },
    ];
    expect(outcomeDistribution(facts, "files")[0].total).toBe(3);
    expect(outcomeDistribution(facts, "multi_step")[0].total).toBe(1);
  });
});

describe("outcomes as shares", () => {
  it("turns 18 finished, 4 wrong and 2 tool-limit runs of 24 into 75%, 16.7% and 8.3%, counts kept", () => {
    const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<(typeof OUTCOMES)[number], number>;
    const rows = outcomeShares([
      { configId: "files", total: 24, counts: { ...counts, finished: 18, wrong_result: 4, tool_limit: 2 } },
      { configId: "none", total: 0, counts },
    ]);
    expect(rows[0].finished).toBe(0.75);
    expect(rows[0].wrong_result).toBeCloseTo(1 / 6, 12);
    expect(rows[0].tool_limit).toBeCloseTo(1 / 12, 12);
    expect(rows[0].n_finished).toBe(18);
    expect(OUTCOMES.reduce((s, o) => s + Number(rows[0][o]), 0)).toBeCloseTo(1, 12);
    expect(rows[1].finished).toBe(0);
    expect(shareText(1 / 6, 4, 24)).toBe("17% (4 of 24 runs)");
    expect(shareText(1, 1, 1)).toBe("100% (1 of 1 run)");
  });
});

describe("overall pass rate per config with Wilson 95%", () => {
  it("18/24 is 75% with the Wilson interval 55.1–88.0% (z = 1.96: centre 0.7155, half-width 0.1645)", () => {
    const [bar, empty] = passRateBarsOverall(
      [
        { configId: "bash-plan-examples", runs: 24, passed: 18 },
        { configId: "bare", runs: 0, passed: 0 },
      ],
      wilson,
    );
    expect(bar.rate).toBe(0.75);
    expect(bar.lo!).toBeCloseTo(0.551, 3);
    expect(bar.hi!).toBeCloseTo(0.88, 3);
    expect(bar.err![0]).toBeCloseTo(0.75 - 0.551, 3);
    expect(bar.err![1]).toBeCloseTo(0.88 - 0.75, 3);
    expect(bar.label).toBe("18/24");
    expect(bar.interval).toBe("55–88%");
    expect(empty).toMatchObject({ rate: null, err: null, label: "0/0", interval: "–" });
  });
});

describe("progress lines on the same path", () => {
  const pt = (milestones: number, failed = false) => ({ milestones, failed });
  it("names the earlier config a line coincides with, path and end alike", () => {
    const same = samePathAs([
      { configId: "bare", points: [pt(0), pt(0, true), pt(1)].map((p, call) => ({ ...p, call })), end: "early_stop" },
      { configId: "files", points: [pt(0), pt(0, true), pt(1)].map((p, call) => ({ ...p, call })), end: "early_stop" },
      {
        configId: "files-plan",
        points: [pt(0), pt(0, true), pt(1)].map((p, call) => ({ ...p, call })),
        end: "early_stop",
      },
      { configId: "bash", points: [pt(0), pt(0), pt(1)].map((p, call) => ({ ...p, call })), end: "early_stop" },
      {
        configId: "bash-plan",
        points: [pt(0), pt(0, true), pt(1)].map((p, call) => ({ ...p, call })),
        end: "tool_limit",
      },
    ] as never);
    expect(same).toEqual({ files: "bare", "files-plan": "bare" });
    expect(samePathNotes(same, ["bare", "files", "files-plan", "bash"])).toEqual([
      "files: same path as bare",
      "files-plan: same path as bare",
    ]);
  });
});
