import { describe, expect, it } from "vitest";
import {
  buildTrajectories,
  majorityPath,
  runEnd,
  type PathEnd,
  type ProgressRunFacts,
} from "@/domain/analytics/progress";

const run = (
  progress: number[],
  callOk: boolean[] | null,
  endReason = "stop",
  over: Partial<ProgressRunFacts> = {},
): ProgressRunFacts => ({
  taskId: "dentist",
  group: "multi_step",
  configId: "files",
  progress,
  callOk,
  endReason,
  milestonesTotal: 4,
  ...over,
});
const T = true;
const F = false;

describe("runEnd", () => {
  const cases: [string, number[], PathEnd][] = [
    ["context_full", [1, 2], "context_full"],
    ["crash", [], "crashed"],
    ["timeout", [1], "crashed"],
    ["cancelled", [1], "crashed"],
    ["tool_limit", [4], "tool_limit"],
    ["turn_limit", [1], "tool_limit"],
    ["stop", [1, 3], "early_stop"],
    ["stop", [], "early_stop"],
    ["stop", [2, 4], "complete"],
  ];
  it.each(cases)("%s after %j → %s", (endReason, progress, expected) => {
    expect(runEnd({ endReason, progress, milestonesTotal: 4 })).toBe(expected);
  });
});

describe("majorityPath", () => {
  it("follows the state most repeats were in and ends at the median call count of three", () => {
    // calls made: 1, 3, 4 → a strict majority (2 of 3) reached calls 1..3
    const runs = [
      run([0], [F]),
      run([0, 1, 2], [F, T, T], "context_full"),
      run([0, 1, 2, 2], [F, T, T, F], "context_full"),
    ];
    const p = majorityPath("files", runs);
    expect(p.points.map((x) => [x.call, x.milestones, x.failed, x.following, x.running])).toEqual([
      [0, 0, F, 3, 3],
      [1, 0, T, 3, 3],
      [2, 1, F, 2, 2],
      [3, 2, F, 2, 2],
    ]);
    expect(p.end).toBe("context_full");
    expect(p.ends).toEqual({ context_full: 2, early_stop: 1 });
    expect(p.runs).toBe(3);
  });

  it("breaks ties towards fewer milestones, then towards the failed call", () => {
    // two runs: k=1 states (1, ok) and (0, failed) tie 1–1 → fewer milestones wins: (0, failed)
    const a = majorityPath("c", [run([1, 2], [T, T]), run([0, 2], [F, T])]);
    expect(a.points[1]).toMatchObject({ milestones: 0, failed: true, following: 1 });
    // same milestones, ok vs failed → failed
    const b = majorityPath("c", [run([1], [T]), run([1], [F])]);
    expect(b.points[1]).toMatchObject({ milestones: 1, failed: true });
  });

  it("with two repeats ends where the shorter ended (a strict majority must still be running)", () => {
    const p = majorityPath("c", [run([0], [T]), run([0, 1, 2], [T, T, T])]);
    expect(p.points.map((x) => x.call)).toEqual([0, 1]);
  });

  it("is just the start when most runs made no call, and marks the early stop", () => {
    const p = majorityPath("bare", [run([], []), run([], []), run([1], [T])]);
    expect(p.points).toEqual([{ call: 0, milestones: 0, failed: false, following: 3, running: 3 }]);
    expect(p.end).toBe("early_stop");
  });

  it("counts calls as succeeded when the ok flags were not recorded", () => {
    const p = majorityPath("c", [run([0, 1], null)]);
    expect(p.points.map((x) => x.failed)).toEqual([F, F, F]);
  });

  it("breaks an end tie in PATH_ENDS order (context full before early stop)", () => {
    const p = majorityPath("c", [run([1], [T], "stop"), run([1], [T], "context_full")]);
    expect(p.end).toBe("context_full");
  });
});

describe("buildTrajectories", () => {
  it("groups by task (group order, then id) and config (id order), with the largest milestone total", () => {
    const t = buildTrajectories([
      run([1], [T], "stop", { taskId: "zeta", configId: "files" }),
      run([1], [T], "stop", { taskId: "vet", configId: "bash", milestonesTotal: 3 }),
      run([1], [T], "stop", { taskId: "vet", configId: "bash", milestonesTotal: 4 }),
      run([1], [T], "stop", { taskId: "alpha", group: "files", configId: "files", milestonesTotal: 2 }),
      run([1], [T], "stop", { taskId: "vet", configId: "bare" }),
    ]);
    expect(t.map((x) => [x.taskId, x.milestonesTotal, x.configs.map((c) => [c.configId, c.runs])])).toEqual([
      ["alpha", 2, [["files", 1]]],
      [
        "vet",
        4,
        [
          ["bare", 1],
          ["bash", 2],
        ],
      ],
      ["zeta", 4, [["files", 1]]],
    ]);
  });
});
