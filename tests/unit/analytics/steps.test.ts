import { describe, expect, it } from "vitest";
import {
  buildSteps,
  defaultSteps,
  pairOptions,
  parseSteps,
  stepBars,
  stepCostRows,
  type PairFacts,
  type StepFacts,
} from "@/domain/analytics/steps";
const f = (
  sessionId: string,
  configId: string,
  group: string,
  runs: number,
  passed: number,
  heldOut = false,
): StepFacts => ({ sessionId, configId, group, heldOut, runs, passed });

const pair = (sessionId: string, createdAt: number, configId: string, runs: number, configOrder = -1): PairFacts => ({
  sessionId,
  sessionName: `session ${sessionId}`,
  createdAt,
  configId,
  configOrder,
  runs,
});

describe("parseSteps", () => {
  it("reads session:config pairs in order, drops repeats and malformed ones, splits at the first colon", () => {
    expect(parseSteps(["s1:bash", "bad", ":x", "s2:", "s3:files-plan", "s1:bash", "s4:a:b"])).toEqual([
      { sessionId: "s1", configId: "bash" },
      { sessionId: "s3", configId: "files-plan" },
      { sessionId: "s4", configId: "a:b" },
    ]);
  });
});

describe("defaultSteps", () => {
  it("takes, per config, the session with most runs of it, and on a tie the newest, never the lower id", () => {
    // "files" ran 6 times in s1 (older) and s2 (newer): s2 wins the tie. "bare" has most runs in s1.
    // Ids are ordered against creation (s9 is the oldest) so an id tie-break would pick differently.
    const pairs = [
      pair("s9", 100, "bare", 9, 0),
      pair("s9", 100, "files", 6, 1),
      pair("s1", 200, "files", 6, 0),
      pair("s1", 200, "bare", 3, 1),
      pair("s0", 300, "plan", 4, 0),
    ];
    expect(defaultSteps(pairs)).toEqual([
      { sessionId: "s9", configId: "bare" },
      { sessionId: "s1", configId: "files" },
      { sessionId: "s0", configId: "plan" },
    ]);
  });

  it("within one session, orders steps as the session listed its configs (the suite's order), not by id", () => {
    const pairs = [pair("s1", 1, "bare", 3, 2), pair("s1", 1, "zeta", 3, 0), pair("s1", 1, "alpha", 3, 1)];
    expect(defaultSteps(pairs).map((p) => p.configId)).toEqual(["zeta", "alpha", "bare"]);
  });

  it("breaks a creation-time tie between sessions by the larger (later) id", () => {
    expect(defaultSteps([pair("a", 5, "x", 2), pair("b", 5, "x", 2)])).toEqual([{ sessionId: "b", configId: "x" }]);
    expect(defaultSteps([])).toEqual([]);
  });

  it("offers every pair newest session first", () => {
    const opts = pairOptions([pair("s1", 1, "b", 2, 1), pair("s2", 2, "a", 5), pair("s1", 1, "a", 2, 0)]);
    expect(opts.map((o) => `${o.sessionId}:${o.configId}`)).toEqual(["s2:a", "s1:a", "s1:b"]);
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

  // The sessions' pairs (runs per session × config), as the picker and the names come from them.
  const pairs = [
    { ...pair("s1", 1, "bare", 15), sessionName: "bare" },
    { ...pair("s1", 1, "other", 3), sessionName: "bare" },
    { ...pair("s2", 2, "files", 15), sessionName: "+files" },
  ];
  const pick = (sessionId: string, configId: string) => ({ sessionId, configId });

  it("keeps the given step order, names missing pairs and sums groups by hand", () => {
    const { steps, missing } = buildSteps(
      [pick("s2", "files"), pick("s0", "bare"), pick("s1", "other"), pick("s1", "bare")],
      pairs,
      facts,
      costs,
      true,
    );
    expect(missing).toEqual(["s0:bare"]);
    // Steps from two sessions say which session each is.
    expect(steps.map((s) => [s.index, s.label, s.configId, s.picked])).toEqual([
      [1, "1. files · +files", "files", true],
      [2, "2. other · bare", "other", true],
      [3, "3. bare · bare", "bare", true],
    ]);
    // s2/files: needs files = files 4/6 + multi-step 2/3 = 6/9; no files 5/6; held out 2/3; all 11/15.
    expect(steps[0].needsFiles).toMatchObject({ runs: 9, passed: 6 });
    expect(steps[0].noFiles).toMatchObject({ runs: 6, passed: 5 });
    expect(steps[0].heldOut).toMatchObject({ runs: 3, passed: 2 });
    expect(steps[0].all).toMatchObject({ runs: 15, passed: 11 });
    expect(steps[0].medianLoadMs).toBe(7200);
    // The same session can give two steps (two of its configs), each with its own runs.
    expect(steps[1].all).toMatchObject({ runs: 3, passed: 3 });
    expect(steps[2].needsFiles).toMatchObject({ runs: 9, passed: 1 });
    expect(steps[2].options).toEqual([
      { configId: "bare", runs: 15 },
      { configId: "other", runs: 3 },
    ]);
  });

  it("labels steps of one session by config alone, and has no costs when none were measured", () => {
    const { steps } = buildSteps([pick("s1", "bare"), pick("s1", "other")], pairs, facts, costs, false);
    expect(steps.map((s) => s.label)).toEqual(["1. bare", "2. other"]);
    expect(steps[1]).toMatchObject({ picked: false, medianStartupTokens: null, medianLoadMs: null });
    expect(steps[1].noFiles).toEqual({ runs: 0, passed: 0, wilson: null });
  });

  it("draws one bar group per step, labelled by step", () => {
    const { steps } = buildSteps([pick("s2", "files")], pairs, facts, costs, false);
    const [row] = stepBars(steps);
    expect(row.configId).toBe("1. files");
    expect(row.needsFiles).toBeCloseTo(6 / 9, 12);
    expect(row.needsFilesLabel).toBe("6/9");
  });

  it("gives cost bars in whole tokens and tenths of a second", () => {
    const { steps } = buildSteps(
      [pick("s2", "files"), pick("s1", "other")],
      pairs,
      facts,
      [{ ...costs[1], medianStartupTokens: 1350.5, medianLoadMs: 7249 }],
      true,
    );
    expect(stepCostRows(steps)).toEqual([
      { label: "1. files · +files", startupTokens: 1351, loadS: 7.2 },
      { label: "2. other · bare", startupTokens: null, loadS: null },
    ]);
  });
});
