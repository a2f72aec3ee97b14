import { describe, expect, it } from "vitest";
import { stateSplits, stateSplitsFromFacts, type StateFacts, type StateRun } from "@/domain/analytics/stateSplits";

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

describe("stateSplitsFromFacts (the states view over sums, ADR 12)", () => {
  /** What the database sums per state for these runs: counts, power sums, medians (by hand, below). */
  const facts = (
    state: string,
    runs: StateRun[],
    medianLoadMs: number | null,
    medianTurnMs: number | null,
  ): StateFacts => {
    const turns = runs.flatMap((r) => r.turns);
    const big = (f: (t: StateRun["turns"][number]) => number) => turns.reduce((s, t) => s + BigInt(f(t)), 0n);
    return {
      state,
      runs: runs.length,
      sums: {
        n: BigInt(turns.length),
        sx: big((t) => t.promptTokens),
        sy: big((t) => t.ttftMs),
        sxx: big((t) => t.promptTokens * t.promptTokens),
        sxy: big((t) => t.promptTokens * t.ttftMs),
        syy: big((t) => t.ttftMs * t.ttftMs),
      },
      medianLoadMs,
      medianTurnMs,
    };
  };

  it("gives the figures stateSplits gives over the same runs: counts, medians, the same OLS from exact sums", () => {
    const nominal = [
      run("nominal", false, 1000, [
        [100, 310, 1000],
        [200, 495, 1000],
      ]),
      run("nominal", false, 3000, [[300, 707, 2000]]),
    ];
    const fair = [run("fair", true, 5000, [[100, 400, 1500]])];
    const fromRuns = stateSplits([...nominal, ...fair]);
    // Listed in any order: the function orders them as stateSplits does.
    const fromFacts = stateSplitsFromFacts(
      [facts("fair", fair, 5000, 1900), facts("nominal", nominal, 2000, 1495)],
      [facts("charging", fair, 5000, 1900), facts("on battery", nominal, 2000, 1495)],
    );
    expect(fromFacts.warning).toBe(fromRuns.warning);
    for (const k of ["thermal", "charging"] as const) {
      expect(fromFacts[k].map(({ ttft: _t, ...g }) => g)).toEqual(fromRuns[k].map(({ ttft: _t, ...g }) => g));
      fromFacts[k].forEach((g, i) => {
        const want = fromRuns[k][i].ttft;
        if (!want) return expect(g.ttft).toBeNull();
        // Three points not on a line: slope 39700 / 20000 = 1.985, intercept 504 − 1.985 · 200 = 107 (by hand).
        expect(g.ttft!.n).toBe(want.n);
        expect(g.ttft!.slopeMsPerToken).toBeCloseTo(1.985, 12);
        expect(g.ttft!.slopeMsPerToken).toBeCloseTo(want.slopeMsPerToken, 12);
        expect(g.ttft!.interceptMs).toBeCloseTo(107, 9);
        expect(g.ttft!.interceptMs).toBeCloseTo(want.interceptMs, 9);
        expect(g.ttft!.slopeCi[0]).toBeCloseTo(want.slopeCi[0], 9);
        expect(g.ttft!.slopeCi[1]).toBeCloseTo(want.slopeCi[1], 9);
      });
    }
  });
});
