import { describe, expect, it } from "vitest";
import { predictDifference, predictLoad, prefillModel, windowLeft, type PrefillModel } from "@/domain/budget/latency";

// Points (1,2), (2,4), (3,5), (4,7), by hand: x̄ = 2.5, ȳ = 4.5, Sxx = 5, Sxy = 8, Syy = 13,
// b₁ = 1.6, b₀ = 0.5, SSE = 13 − 1.6·8 = 0.2, s² = 0.1, SE(b₁) = √0.02, SE(b₀) = √(0.1·1.5).
// t(0.975, 2) = 4.303 (Student's t table).
const moments = { n: 4, meanX: 2.5, meanY: 4.5, sxx: 5, sxy: 8, syy: 13 };
const T = 4.3027;

describe("prefillModel", () => {
  it("gives slope, intercept and their 95% intervals from centred sums", () => {
    const m = prefillModel(moments)!;
    expect(m.slopeMsPerToken).toBeCloseTo(1.6, 12);
    expect(m.interceptMs).toBeCloseTo(0.5, 12);
    expect(m.s2).toBeCloseTo(0.1, 12);
    expect(m.t).toBeCloseTo(T, 3);
    expect(m.slopeCi[0]).toBeCloseTo(1.6 - T * Math.sqrt(0.02), 3);
    expect(m.slopeCi[1]).toBeCloseTo(1.6 + T * Math.sqrt(0.02), 3);
    expect(m.interceptCi[0]).toBeCloseTo(0.5 - T * Math.sqrt(0.15), 3);
    expect(m.interceptCi[1]).toBeCloseTo(0.5 + T * Math.sqrt(0.15), 3);
  });

  it("is null without residual degrees of freedom or spread in x", () => {
    expect(prefillModel({ ...moments, n: 2 })).toBeNull();
    expect(prefillModel({ ...moments, sxx: 0 })).toBeNull();
  });

  it("has a zero-width interval when the points lie exactly on the line", () => {
    // (0,170), (100,690), (200,1210): 5.2 ms/token plus 170 ms, as in the simulator's latency model.
    const m = prefillModel({ n: 3, meanX: 100, meanY: 690, sxx: 20000, sxy: 104000, syy: 540800 })!;
    expect(m.slopeMsPerToken).toBeCloseTo(5.2, 12);
    expect(m.interceptMs).toBeCloseTo(170, 9);
    expect(m.slopeCi[1] - m.slopeCi[0]).toBeCloseTo(0, 9);
  });
});

describe("predictLoad", () => {
  it("is b₀ + b₁·x with the interval of the mean at x", () => {
    const m = prefillModel(moments)!;
    // x₀ = 5: ŷ = 0.5 + 8 = 8.5; SE = √(0.1·(1/4 + 2.5²/5)) = √0.15.
    const p = predictLoad(m, 5);
    expect(p.ms).toBeCloseTo(8.5, 12);
    expect(p.ci[0]).toBeCloseTo(8.5 - T * Math.sqrt(0.15), 3);
    expect(p.ci[1]).toBeCloseTo(8.5 + T * Math.sqrt(0.15), 3);
    // Narrowest at x̄: SE = √(0.1/4).
    const mid = predictLoad(m, 2.5);
    expect(mid.ci[1] - mid.ms).toBeCloseTo(T * Math.sqrt(0.025), 3);
  });
});

describe("predictDifference", () => {
  const study: PrefillModel = {
    n: 36,
    slopeMsPerToken: 5.2,
    interceptMs: 170,
    slopeCi: [5.0, 5.4],
    interceptCi: [0, 0],
    s2: 1,
    meanX: 800,
    sxx: 1,
    t: 2,
  };

  it("reproduces the study's check: files-plan (1,351) vs bash (300) at 5.2 ms/token predicts 5.5 s", () => {
    const d = predictDifference(study, 1351, 300);
    expect(d.ms).toBeCloseTo(1051 * 5.2, 9); // 5,465.2 ms
    expect(d.ci[0]).toBeCloseTo(1051 * 5.0, 9);
    expect(d.ci[1]).toBeCloseTo(1051 * 5.4, 9);
  });

  it("orders the interval low to high when the difference is negative", () => {
    const d = predictDifference(study, 300, 1138);
    expect(d.ms).toBeCloseTo(-838 * 5.2, 9); // the study's 4.4 s, saved
    expect(d.ci).toEqual([-838 * 5.4, -838 * 5.0]);
  });
});

describe("windowLeft", () => {
  it("leaves under 700 of 2,048 tokens after files-plan's 1,351 (the study, §4.4)", () => {
    const w = windowLeft(2048, 1351);
    expect(w.tokens).toBe(697);
    expect(w.share).toBeCloseTo(697 / 2048, 12);
  });
  it("goes negative when start-up alone overflows the window", () => {
    expect(windowLeft(256, 300)).toEqual({ tokens: -44, share: -44 / 256 });
  });
});
