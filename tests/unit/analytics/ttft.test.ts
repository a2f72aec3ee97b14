import { describe, expect, it } from "vitest";
import { buildFits, predictLoads } from "@/domain/analytics/ttft";
import { centredMoments, olsFromMoments } from "@/domain/stats/regression";
import { CLUSTER_SUMS, PRODUCT_KEYS, type ProductKey } from "@/domain/stats/robust-slope";
import { studentTTwoSidedP } from "@/domain/stats/t-dist";

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

/**
 * A build's turns: `runs` runs of 6 turns each on TTFT = 170 + slope × prompt, each run's line
 * shifted by its own offset (the phone's state that run: shared by its turns) and each turn by a
 * little noise, as moments and the per-run products the server aggregates.
 */
function build(device: string, b: string, firstSeen: number, slope: number, runs = 12, runNoise = 0.04) {
  const clusters = Array.from({ length: runs }, (_, r) => {
    const factor = 1 + runNoise * Math.sin(r * 2.3 + slope);
    const pts = [200, 400, 700, 1000, 1400, 1800].map((x, i) => ({
      x,
      y: (170 + slope * x) * factor + ((i * 7 + r) % 5) - 2,
    }));
    return pts;
  });
  const points = clusters.flat();
  const sums = clusters.map((pts) => ({
    n: pts.length,
    sx: pts.reduce((t, p) => t + p.x, 0),
    sy: pts.reduce((t, p) => t + p.y, 0),
    sxx: pts.reduce((t, p) => t + p.x * p.x, 0),
    sxy: pts.reduce((t, p) => t + p.x * p.y, 0),
  }));
  const totals = { n: 0, sx: 0, sy: 0, sxx: 0, sxy: 0 };
  for (const c of sums) for (const k of CLUSTER_SUMS) totals[k] += c[k];
  const products = Object.fromEntries(
    PRODUCT_KEYS.map((k) => {
      const [x, y] = k.split("*") as [(typeof CLUSTER_SUMS)[number], (typeof CLUSTER_SUMS)[number]];
      return [k, sums.reduce((t, c) => t + c[x] * c[y], 0)];
    }),
  ) as Record<ProductKey, number>;
  return {
    device,
    build: b,
    firstSeen,
    moments: centredMoments(points),
    products: { clusters: runs, totals, products },
  };
}

describe("buildFits", () => {
  it("flags a build whose slope rose by more than the 5% margin, its interval clustered by run", () => {
    const fits = buildFits([
      build("ip-a", "c3", 300, 6.0),
      build("ip-a", "c1", 100, 5.2),
      build("ip-a", "c2", 200, 6.0),
      build("ip-b", "c1", 100, 5.2),
    ]);
    expect(fits.map((f) => `${f.device}/${f.build}`)).toEqual(["ip-a/c1", "ip-a/c2", "ip-a/c3", "ip-b/c1"]);
    expect(fits[0].vsPrevious).toBeNull();
    // c1 → c2: 5.2 → 6.0 ms/token, +15%, the whole interval above 5%.
    expect(fits[1].vsPrevious!.change).toBeCloseTo(0.8 / 5.2, 1);
    expect(fits[1].vsPrevious!.ci[0]).toBeGreaterThan(0.05);
    expect(fits[1].vsPrevious).toMatchObject({ build: "c1", margin: 0.05, regression: true });
    // c2 → c3: the same slope, no regression.
    expect(fits[2].vsPrevious).toMatchObject({ build: "c2", regression: false });
    // Another device starts its own sequence.
    expect(fits[3].vsPrevious).toBeNull();
  });

  it("does not call a 3% change a regression because its turns are many: runs are the unit", () => {
    const fits = buildFits([build("d", "old", 1, 5.2, 12, 0.04), build("d", "new", 2, 5.2 * 1.03, 12, 0.04)]);
    const v = fits[1].vsPrevious!;
    expect(v.change).toBeCloseTo(0.03, 1);
    expect(v.regression).toBe(false);
    // Counting the 72 turns as independent observations says otherwise (the defect this replaces):
    // the t test on the slope difference with each fit's classical standard error.
    const [old, next] = [build("d", "old", 1, 5.2), build("d", "new", 2, 5.2 * 1.03)].map((b) =>
      olsFromMoments(b.moments)!,
    );
    const t = (next.slope - old.slope) / Math.sqrt(old.slopeSe ** 2 + next.slopeSe ** 2);
    expect(studentTTwoSidedP(t, old.n + next.n - 4)).toBeLessThan(0.05);
  });

  it("does not call a faster build a regression", () => {
    const fits = buildFits([build("d", "old", 1, 6.0), build("d", "new", 2, 5.2)]);
    expect(fits[1].vsPrevious!.diffMsPerToken).toBeLessThan(0);
    expect(fits[1].vsPrevious!.regression).toBe(false);
  });
});
