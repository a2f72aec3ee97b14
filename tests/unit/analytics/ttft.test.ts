import { describe, expect, it } from "vitest";
import { buildFits, predictLoads } from "@/domain/analytics/ttft";
import { olsFromMoments } from "@/domain/stats/regression";

// Hand-built centred sums: Sxx = 10⁶ and SSE = 80,000 over n = 10 give SE(slope) = √(10⁴/10⁶) = 0.1.
const moments = (slope: number, n = 10) => ({
  n,
  meanX: 500,
  meanY: 170 + slope * 500,
  sxx: 1e6,
  sxy: slope * 1e6,
  syy: slope * slope * 1e6 + 80_000,
});

describe("predictLoads", () => {
  it("predicts load from start-up tokens on the study's line (5.2 ms/token): 1,051 more tokens cost 5.5 s", () => {
    const fit = olsFromMoments(moments(5.2))!;
    expect(fit.intercept).toBeCloseTo(170, 9);
    const [files, bash] = predictLoads(fit, [
      { configId: "files-plan", startupTokens: 1351, measuredLoadMs: 7800 },
      { configId: "bash", startupTokens: 300, measuredLoadMs: 2200 },
    ]);
    expect(files.predictedLoadMs).toBeCloseTo(170 + 5.2 * 1351, 6);
    expect(files.predictedLoadMs! - bash.predictedLoadMs!).toBeCloseTo(5465.2, 6);
    expect(
      predictLoads(null, [{ configId: "x", startupTokens: 10, measuredLoadMs: null }])[0].predictedLoadMs,
    ).toBeNull();
  });
});

describe("buildFits", () => {
  it("flags a build whose slope is significantly worse than the previous build on the same device", () => {
    const fits = buildFits([
      { device: "ip-a", build: "c3", firstSeen: 300, moments: moments(6.0) },
      { device: "ip-a", build: "c1", firstSeen: 100, moments: moments(5.2) },
      { device: "ip-a", build: "c2", firstSeen: 200, moments: moments(6.0) },
      { device: "ip-b", build: "c1", firstSeen: 100, moments: moments(5.2) },
    ]);
    expect(fits.map((f) => `${f.device}/${f.build}`)).toEqual(["ip-a/c1", "ip-a/c2", "ip-a/c3", "ip-b/c1"]);
    expect(fits[0].vsPrevious).toBeNull();
    // c1 → c2: diff 0.8, SE √(0.1² + 0.1²) = 0.1414, t = 5.66 on 16 df: p ≈ 3.6e-5.
    expect(fits[1].vsPrevious!.diffMsPerToken).toBeCloseTo(0.8, 9);
    expect(fits[1].vsPrevious!.p).toBeLessThan(1e-4);
    expect(fits[1].vsPrevious!.regression).toBe(true);
    // c2 → c3: same slope, no regression.
    expect(fits[2].vsPrevious).toMatchObject({ build: "c2", regression: false });
    expect(fits[2].vsPrevious!.p).toBeCloseTo(1, 9);
    // Another device starts its own sequence.
    expect(fits[3].vsPrevious).toBeNull();
    expect(fits[3].fit!.slopeMsPerToken).toBeCloseTo(5.2, 9);
  });

  it("does not call a faster build a regression", () => {
    const fits = buildFits([
      { device: "d", build: "old", firstSeen: 1, moments: moments(6.0) },
      { device: "d", build: "new", firstSeen: 2, moments: moments(5.2) },
    ]);
    expect(fits[1].vsPrevious!.diffMsPerToken).toBeCloseTo(-0.8, 9);
    expect(fits[1].vsPrevious!.regression).toBe(false);
  });
});
