import { describe, expect, it } from "vitest";
import { summariseConfigs, type ConfigFacts } from "@/domain/analytics/configs";

const facts = (configId: string, runs: number, passed: number): ConfigFacts => ({
  configId,
  runs,
  passed,
  looping: 0,
  contextFull: 0,
  toolCalls: 0,
  failedToolCalls: 0,
  peakContextTokens: 0,
  medianStartupTokens: null,
  medianLoadMs: null,
  medianTtftMs: null,
  medianTurnMs: null,
});

describe("summariseConfigs", () => {
  it("orders configs by id and gives pass rates with Wilson intervals (the study's 27/30 and 12/30)", () => {
    const rows = summariseConfigs(
      [facts("files", 30, 12), facts("bare", 30, 27)],
      [{ configId: "bare", group: "no_files", runs: 30, passed: 27 }],
      [{ configId: "files", runs: 3, passed: 0 }],
      [
        { configId: "files", outcome: "gave_up", n: 9 },
        { configId: "files", outcome: "finished", n: 12 },
      ],
    );
    expect(rows.map((r) => r.configId)).toEqual(["bare", "files"]);
    expect(rows[0].passRate).toBeCloseTo(0.9, 12);
    expect(rows[0].wilson![0]).toBeCloseTo(0.744, 3);
    expect(rows[0].wilson![1]).toBeCloseTo(0.965, 3);
    expect(rows[0].byGroup.no_files.wilson![0]).toBeCloseTo(0.744, 3);
    expect(rows[1].wilson![0]).toBeCloseTo(0.246, 3);
    expect(rows[1].heldOut.runs).toBe(3);
    expect(rows[1].heldOut.wilson![1]).toBeCloseTo(0.561, 3);
    expect(rows[0].heldOut).toEqual({ runs: 0, passed: 0, wilson: null });
    expect(rows[1].outcomes).toEqual({ gave_up: 9, finished: 12 });
  });
  it("has no pass rate without runs", () => {
    expect(summariseConfigs([facts("x", 0, 0)], [], [], [])[0]).toMatchObject({ passRate: null, wilson: null });
  });
});
