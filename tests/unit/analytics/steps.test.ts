import { describe, expect, it } from "vitest";
import { buildSteps, parsePicks, stepBars, stepConfig, stepCostRows, type StepFacts } from "@/domain/analytics/steps";

const f = (
  sessionId: string,
  configId: string,
  group: string,
  runs: number,
  passed: number,
  heldOut = false,
): StepFacts => ({ sessionId, configId, group, heldOut, runs, passed });

describe("parsePicks", () => {
  it("reads session:config pairs and ignores malformed ones", () => {
    expect(parsePicks(["s1:bash", "bad", ":x", "s2:", "s3:files-plan"])).toEqual({ s1: "bash", s3: "files-plan" });
  });
});

describe("stepConfig", () => {
  it("takes the pick when the session ran it, else the config with most runs (ties to the lower id)", () => {
    const opts = [
      { configId: "b", runs: 6 },
      { configId: "a", runs: 6 },
      { configId: "c", runs: 9 },
    ];
    expect(stepConfig(opts, "a")).toEqual({ configId: "a", picked: true });
    expect(stepConfig(opts, "zzz")).toEqual({ configId: "c", picked: false });
    expect(stepConfig(opts.slice(0, 2))).toEqual({ configId: "a", picked: false });
    expect(stepConfig([])).toBeNull();
  });
});

describe("buildSteps", () => {
  const facts = [
    f("s1", "bare", "no_files", 6, 6),
    f("s1", "bare", "files", 6, 1),
    f("s1", "bare", "multi_step", 3, 0, true),
    f("s1", "other", "files", 3, 3),
    f("s2", "files", "no_files", 6, 5),
    f("s2", "files", "files", 6, 4),
    f("s2", "files", "multi_step", 3, 2, true),
  ];
  const costs = [
    { sessionId: "s1", configId: "bare", medianStartupTokens: 300, medianLoadMs: 2000 },
    { sessionId: "s2", configId: "files", medianStartupTokens: 1350, medianLoadMs: 7200 },
  ];

  it("keeps the given session order and sums groups by hand", () => {
    const { steps, missing } = buildSteps(
      [
        { id: "s2", name: "+files" },
        { id: "s0", name: "empty" },
        { id: "s1", name: "bare" },
      ],
      facts,
      costs,
      {},
    );
    expect(missing).toEqual(["s0"]);
    expect(steps.map((s) => [s.index, s.label, s.configId])).toEqual([
      [1, "1. +files", "files"],
      [2, "2. bare", "bare"],
    ]);
    // s2/files: needs files = files 4/6 + multi-step 2/3 = 6/9; no files 5/6; held out 2/3; all 11/15.
    expect(steps[0].needsFiles).toMatchObject({ runs: 9, passed: 6 });
    expect(steps[0].noFiles).toMatchObject({ runs: 6, passed: 5 });
    expect(steps[0].heldOut).toMatchObject({ runs: 3, passed: 2 });
    expect(steps[0].all).toMatchObject({ runs: 15, passed: 11 });
    expect(steps[0].medianLoadMs).toBe(7200);
    // s1 ran bare (15 runs) and other (3): bare is the default, and "other" is offered.
    expect(steps[1].options).toEqual([
      { configId: "bare", runs: 15 },
      { configId: "other", runs: 3 },
    ]);
    expect(steps[1].needsFiles).toMatchObject({ runs: 9, passed: 1 });
  });

  it("uses a session's pick and has no costs when none were measured", () => {
    const { steps } = buildSteps([{ id: "s1", name: "bare" }], facts, costs, { s1: "other" });
    expect(steps[0]).toMatchObject({ configId: "other", picked: true, medianStartupTokens: null, medianLoadMs: null });
    expect(steps[0].noFiles).toEqual({ runs: 0, passed: 0, wilson: null });
  });

  it("draws one bar group per step, labelled by step", () => {
    const { steps } = buildSteps([{ id: "s2", name: "+files" }], facts, costs, {});
    const [row] = stepBars(steps);
    expect(row.configId).toBe("1. +files");
    expect(row.needsFiles).toBeCloseTo(6 / 9, 12);
    expect(row.needsFilesLabel).toBe("6/9");
  });

  it("gives cost bars in whole tokens and tenths of a second", () => {
    const { steps } = buildSteps(
      [
        { id: "s2", name: "+files" },
        { id: "s1", name: "bare" },
      ],
      facts,
      [{ ...costs[1], medianStartupTokens: 1350.5, medianLoadMs: 7249 }],
      { s1: "other" },
    );
    expect(stepCostRows(steps)).toEqual([
      { label: "1. +files", startupTokens: 1351, loadS: 7.2 },
      { label: "2. bare", startupTokens: null, loadS: null },
    ]);
  });
});
