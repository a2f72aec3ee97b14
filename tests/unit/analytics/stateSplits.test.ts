import { describe, expect, it } from "vitest";
import { stateSplits, type StateRun } from "@/domain/analytics/stateSplits";

const run = (
  thermalAtStart: string | null,
  charging: boolean | null,
  loadMs: number,
  turns: [number, number, number][],
): StateRun => ({
  thermalAtStart,
  charging,
  loadMs,
  turns: turns.map(([promptTokens, ttftMs, decodeMs]) => ({ promptTokens, ttftMs, decodeMs })),
});

describe("stateSplits", () => {
  it("splits load, turn times and the TTFT fit by thermal state and by charging, with counts", () => {
    const s = stateSplits([
      // nominal: ttft = 100 + 2·x exactly
      run("nominal", false, 1000, [
        [100, 300, 1000],
        [200, 500, 1000],
      ]),
      run("nominal", false, 3000, [[300, 700, 2000]]),
      run("fair", true, 5000, [[100, 400, 1500]]),
    ]);
    expect(s.thermal.map((g) => [g.state, g.runs, g.turns, g.medianLoadMs, g.medianTurnMs])).toEqual([
      ["nominal", 2, 3, 2000, 1500], // loads (1000, 3000); turns 1300, 1500, 2700
      ["fair", 1, 1, 5000, 1900],
    ]);
    expect(s.thermal[0].ttft!.slopeMsPerToken).toBeCloseTo(2, 9);
    expect(s.thermal[0].ttft!.interceptMs).toBeCloseTo(100, 9);
    expect(s.thermal[1].ttft).toBeNull();
    expect(s.charging.map((g) => [g.state, g.runs])).toEqual([
      ["on battery", 2],
      ["charging", 1],
    ]);
    expect(s.warning).toBe(
      "This selection mixes thermal states at start (nominal 2, fair 1 runs) and charging states (on battery 2, charging 1 runs), so its latency figures blend them; filter by thermal state or charging, or read the split by state.",
    );
  });

  it("says nothing when every run is in one state, and counts unreported states as their own group", () => {
    expect(stateSplits([run("nominal", false, 1, []), run("nominal", false, 2, [])]).warning).toBeNull();
    const s = stateSplits([run("nominal", false, 1, []), run(null, null, 2, [])]);
    expect(s.thermal.map((g) => g.state)).toEqual(["nominal", "not reported"]);
    expect(s.warning).toMatch(
      /^This selection mixes thermal states at start \(nominal 1, not reported 1 runs\) and charging states/,
    );
  });
});
