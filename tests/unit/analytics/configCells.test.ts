import { describe, expect, it } from "vitest";
import { rollUpConfigCells, type ConfigCellFacts } from "@/domain/analytics/configCells";

const cell = (c: Partial<ConfigCellFacts>): ConfigCellFacts => ({
  configId: "a",
  taskId: "t1",
  group: "files",
  heldOut: 0,
  outcome: "finished",
  runs: 1,
  passed: 1,
  looping: 0,
  toolCalls: 2,
  failedToolCalls: 0,
  peakContextTokens: 100,
  ...c,
});

describe("rollUpConfigCells", () => {
  it("sums cells per config, group, held-out config, outcome and task, in key order", () => {
    const r = rollUpConfigCells([
      cell({ configId: "b", runs: 2, passed: 1, peakContextTokens: 900 }),
      cell({ outcome: "context_full", runs: 3, passed: 0, looping: 1, toolCalls: 5, failedToolCalls: 2 }),
      cell({ taskId: "t2", group: "no_files", heldOut: 1, runs: 4, passed: 4, peakContextTokens: 300 }),
      cell({ runs: 1 }),
    ]);
    expect(r.base).toEqual([
      {
        configId: "a",
        runs: 8,
        passed: 5,
        looping: 1,
        contextFull: 3,
        toolCalls: 9,
        failedToolCalls: 2,
        peakContextTokens: 300,
      },
      {
        configId: "b",
        runs: 2,
        passed: 1,
        looping: 0,
        contextFull: 0,
        toolCalls: 2,
        failedToolCalls: 0,
        peakContextTokens: 900,
      },
    ]);
    expect(r.groups).toEqual([
      { configId: "a", group: "files", runs: 4, passed: 1 },
      { configId: "a", group: "no_files", runs: 4, passed: 4 },
      { configId: "b", group: "files", runs: 2, passed: 1 },
    ]);
    expect(r.heldOut).toEqual([{ configId: "a", runs: 4, passed: 4 }]);
    expect(r.outcomes).toEqual([
      { configId: "a", outcome: "context_full", n: 3 },
      { configId: "a", outcome: "finished", n: 5 },
      { configId: "b", outcome: "finished", n: 2 },
    ]);
    expect(r.cells).toEqual([
      { configId: "a", group: "files", taskId: "t1", runs: 4, passed: 1 },
      { configId: "a", group: "no_files", taskId: "t2", runs: 4, passed: 4 },
      { configId: "b", group: "files", taskId: "t1", runs: 2, passed: 1 },
    ]);
  });
});
