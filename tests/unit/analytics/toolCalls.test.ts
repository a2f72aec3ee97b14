import { describe, expect, it } from "vitest";
import { toolCallRows } from "@/domain/analytics/toolCalls";

describe("toolCallRows", () => {
  it("orders configs by id and derives shares, calls per run and seconds", () => {
    const rows = toolCallRows([
      { configId: "files-plan-examples", runs: 60, toolCalls: 70, failedToolCalls: 10, medianTurnMs: 4200 },
      { configId: "files-plan", runs: 60, toolCalls: 160, failedToolCalls: 24, medianTurnMs: 5100 },
      { configId: "bare", runs: 60, toolCalls: 0, failedToolCalls: 0, medianTurnMs: null },
    ]);
    expect(rows.map((r) => r.configId)).toEqual(["bare", "files-plan", "files-plan-examples"]);
    expect(rows[0]).toMatchObject({ failedShare: null, callsPerRun: 0, medianTurnS: null });
    expect(rows[1]).toMatchObject({ toolCalls: 160, failedToolCalls: 24, failedShare: 0.15, medianTurnS: 5.1 });
    expect(rows[1].callsPerRun).toBeCloseTo(8 / 3, 12);
  });
});
