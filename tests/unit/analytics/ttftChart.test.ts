import { describe, expect, it } from "vitest";
import {
  fitCaption,
  buildLegend,
  pValue,
  regressionWarnings,
  sampleCaption,
  samplePlan,
  scatterSeries,
  ciText,
  slopeChange,
} from "@/domain/analytics/ttftChart";

describe("samplePlan", () => {
  it("keeps every point up to the cap and exactly the cap beyond it", () => {
    expect(samplePlan(0)).toEqual({ total: 0, shown: 0, sampled: false });
    expect(samplePlan(3000)).toEqual({ total: 3000, shown: 3000, sampled: false });
    expect(samplePlan(3001)).toEqual({ total: 3001, shown: 3000, sampled: true });
    expect(samplePlan(12_400, 500)).toEqual({ total: 12_400, shown: 500, sampled: true });
  });
  it("says how many points the scatter shows", () => {
    expect(sampleCaption(samplePlan(12_400))).toBe("showing 3,000 of 12,400 turns");
    expect(sampleCaption(samplePlan(240))).toBe("all 240 turns");
    expect(sampleCaption(samplePlan(60), "loads")).toBe("all 60 model loads");
  });
});

describe("scatterSeries", () => {
  it("groups points by config in id order, keeping each config's point order (one build: circles, no build in the name)", () => {
    const s = scatterSeries([
      { configId: "files", build: "abc", x: 1, y: 2 },
      { configId: "bash", build: "abc", x: 3, y: 4 },
      { configId: "files", build: "abc", x: 5, y: 6 },
    ]);
    expect(s).toEqual([
      { configId: "bash", build: null, name: "bash", shape: "circle", points: [{ x: 3, y: 4 }] },
      {
        configId: "files",
        build: null,
        name: "files",
        shape: "circle",
        points: [
          { x: 1, y: 2 },
          { x: 5, y: 6 },
        ],
      },
    ]);
    expect(buildLegend(s)).toEqual([]);
  });

  it("tells two builds apart: one series per config and build, a shape per build in build order", () => {
    const s = scatterSeries([
      { configId: "files", build: "def", x: 1, y: 2 },
      { configId: "files", build: "abc", x: 3, y: 4 },
      { configId: "bare", build: "def", x: 5, y: 6 },
    ]);
    expect(s.map((x) => [x.name, x.build, x.shape, x.points.length])).toEqual([
      ["bare · def", "def", "triangle", 1],
      ["files · abc", "abc", "circle", 1],
      ["files · def", "def", "triangle", 1],
    ]);
    expect(buildLegend(s)).toEqual([
      { build: "abc", shape: "circle" },
      { build: "def", shape: "triangle" },
    ]);
  });
});

describe("fitCaption", () => {
  it("gives the slope per 1,000 tokens with its interval, R² and n (Figure 2: 5.2 s per 1,000, R² = 1.000)", () => {
    const fit = {
      n: 12,
      slopeMsPerToken: 5.2,
      interceptMs: 170,
      r2: 0.99996,
      slopeCi: [5.15, 5.25] as [number, number],
    };
    expect(fitCaption(fit)).toBe("TTFT grows 5.20 s per 1,000 prompt tokens (95% CI 5.15–5.25 s), R² = 1.000, n = 12");
    expect(fitCaption({ ...fit, n: 1200 }, "loads")).toBe(
      "Load time grows 5.20 s per 1,000 start-up tokens (95% CI 5.15–5.25 s), R² = 1.000, n = 1,200",
    );
    expect(fitCaption(fit, "all")).toMatch(/^Time grows 5.20 s per 1,000 prompt or start-up tokens/);
    expect(fitCaption(null)).toMatch(/^Too few points/);
  });
});

describe("regression warnings", () => {
  it("writes one sentence per flagged build", () => {
    const fit = { n: 10, slopeMsPerToken: 6, interceptMs: 0, r2: 1, slopeCi: [5.9, 6.1] as [number, number] };
    const w = regressionWarnings([
      { device: "ip-a", build: "c1", fit, vsPrevious: null },
      {
        device: "ip-a",
        build: "c2",
        fit,
        vsPrevious: {
          build: "c1",
          diffMsPerToken: 0.8,
          change: 0.154,
          ci: [0.098, 0.21] as [number, number],
          margin: 0.05,
          p: 0.0000357,
          regression: true,
        },
      },
      {
        device: "ip-b",
        build: "c2",
        fit,
        vsPrevious: {
          build: "c1",
          diffMsPerToken: 0.1,
          change: 0.02,
          ci: [-0.01, 0.05] as [number, number],
          margin: 0.05,
          p: 0.4,
          regression: false,
        },
      },
    ]);
    expect(w).toEqual([
      "TTFT regression: build c2 on device ip-a is slower per token than build c1 (+0.80 s per 1,000 tokens, +15.4% [+9.8%, +21%], runs as the unit: more than the 5% margin).",
    ]);
  });
  it("formats p-values", () => {
    expect(pValue(0.0213)).toBe("= 0.021");
    expect(pValue(0.0004)).toBe("< 0.001");
    expect(pValue(NaN)).toBe("–");
  });
});

describe("signed texts", () => {
  it("shows slope intervals and changes per 1,000 tokens", () => {
    expect(ciText([5.149, 5.251])).toBe("5.15–5.25 s");
    expect(slopeChange(0.8)).toBe("+0.80 s");
    expect(slopeChange(-0.1)).toBe("−0.10 s");
  });
});
