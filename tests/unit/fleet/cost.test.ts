import { describe, expect, it } from "vitest";
import { batteryDrops, costPerSuccess, type CostRun } from "@/domain/fleet";

const run = (over: Partial<CostRun>): CostRun => ({
  configId: "a",
  deviceId: "d1",
  passed: true,
  startedAt: 0,
  loadMs: 1000,
  turns: [{ ttftMs: 500, decodeMs: 1500, outputTokens: 30 }],
  battery: null,
  charging: null,
  ...over,
});

describe("costPerSuccess", () => {
  it("divides load + every turn of every run by the passed runs, failures included in the cost", () => {
    const runs = [
      run({ passed: true }), // 1000 + 500 + 1500 = 3000 ms, 30 tokens
      run({
        passed: false,
        loadMs: 2000,
        turns: [
          { ttftMs: 100, decodeMs: 900, outputTokens: 10 },
          { ttftMs: 200, decodeMs: 800, outputTokens: 20 },
        ],
      }), // 4000 ms, 30 tokens
      run({ passed: true, loadMs: 0, turns: [] }), // 0 ms
      run({ configId: "b", passed: false }),
    ];
    const [a, b] = costPerSuccess(runs);
    // (3000 + 4000 + 0) ms / 2 passes = 3.5 s; (30 + 30) tokens / 2 = 30
    expect(a).toMatchObject({
      configId: "a",
      runs: 3,
      passed: 2,
      phoneSecondsPerSuccess: 3.5,
      outputTokensPerSuccess: 30,
      battery: null,
    });
    expect(b).toMatchObject({
      configId: "b",
      runs: 1,
      passed: 0,
      phoneSecondsPerSuccess: null,
      outputTokensPerSuccess: null,
    });
  });

  it("counts battery only from consecutive unplugged runs on one device, leaving out runs next to a charge", () => {
    const runs = [
      run({ startedAt: 1, battery: 0.9, charging: false, passed: true }), // → 0.87: 3 points
      run({ startedAt: 2, battery: 0.87, charging: false, passed: false }), // → 0.86: 1 point
      run({ startedAt: 3, battery: 0.86, charging: false }), // next is charging: excluded
      run({ startedAt: 4, battery: 0.9, charging: true }), // charging: excluded
      run({ startedAt: 5, battery: 0.95, charging: false }), // next has no battery: excluded
      run({ startedAt: 6, battery: null, charging: false }),
      run({ deviceId: "d2", startedAt: 1.5, battery: 0.5, charging: false, passed: true }), // last on d2: no next run
    ];
    const drops = batteryDrops(runs);
    expect([...drops.values()].map((v) => Math.round(v * 1e9) / 1e9)).toEqual([3, 1]);
    const [a] = costPerSuccess(runs);
    // two measured runs, 4 points in all, one of them passed
    expect(a.battery!.runs).toBe(2);
    expect(a.battery!.pointsPerRun).toBeCloseTo(2, 9);
    expect(a.battery!.pointsPerSuccess).toBeCloseTo(4, 9);
  });

  it("leaves out a pair where the battery rose between two unplugged runs (a charge between polls)", () => {
    const drops = batteryDrops([
      run({ startedAt: 1, battery: 0.5, charging: false }),
      run({ startedAt: 2, battery: 0.6, charging: false }),
    ]);
    expect(drops.size).toBe(0);
  });

  it("orders a device's runs by start time, not by input order", () => {
    const drops = batteryDrops([
      run({ startedAt: 2, battery: 0.7, charging: false }),
      run({ startedAt: 1, battery: 0.8, charging: false, configId: "x" }),
    ]);
    expect([...drops].map(([r, d]) => [r.configId, Math.round(d * 1e9) / 1e9])).toEqual([["x", 10]]);
  });
});
