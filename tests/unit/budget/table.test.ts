import { describe, expect, it } from "vitest";
import type { PrefillModel } from "@/domain/budget/latency";
import { budgetRows, draftDelta, type CountedConfig } from "@/domain/budget/table";
import { bandPositions, nearestRank, quantiles } from "@/domain/budget/headroom";
import { fitCaption } from "@/domain/budget/caption";

// The study's line (§4.1): 5.2 ms per token; an exact fit so intervals are the slope's alone.
const line: PrefillModel = {
  n: 12,
  slopeMsPerToken: 5.2,
  interceptMs: 400,
  slopeCi: [5.2, 5.2],
  interceptCi: [400, 400],
  s2: 0,
  meanX: 700,
  sxx: 1e6,
  t: 2.228,
};
const cfg = (configId: string, tokens: number): CountedConfig => ({
  configId,
  version: 1,
  label: configId,
  contextWindow: 2048,
  tokens,
  method: "gemma3",
});

describe("budgetRows", () => {
  it("sets counted beside measured tokens and predicted beside measured load (Table 1, Table 5)", () => {
    const [fp, bash, bare] = budgetRows(
      [cfg("files-plan", 1351), cfg("bash", 300), cfg("bare", 40)],
      new Map([
        ["files-plan", { runs: 60, startupTokens: 1351, loadMs: 7800 }],
        ["bash", { runs: 60, startupTokens: 310, loadMs: 2200 }],
      ]),
      line,
    );
    expect(fp.predicted!.ms).toBeCloseTo(400 + 5.2 * 1351, 9); // 7,425.2 ms
    expect(fp.loadDifferenceMs).toBeCloseTo(7800 - 7425.2, 9);
    expect(fp.windowLeft.tokens).toBe(697);
    expect(bash.tokenDifference).toBe(10);
    expect(bare).toMatchObject({
      runs: 0,
      measuredStartupTokens: null,
      tokenDifference: null,
      measuredLoadMs: null,
      loadDifferenceMs: null,
    });
    expect(budgetRows([cfg("bash", 300)], new Map(), null)[0].predicted).toBeNull();
  });
});

describe("draftDelta", () => {
  it("prices an edit: 213 more tokens (adding planning to files, 1,138 → 1,351) cost 1.1 s at 5.2 ms/token", () => {
    const d = draftDelta(line, 1138, 1351, 2048);
    expect(d.tokens).toBe(213);
    expect(d.deltaMs!.ms).toBeCloseTo(1107.6, 9);
    expect(d.predictedMs).toBeCloseTo(400 + 5.2 * 1351, 9);
    expect(d.windowLeft.tokens).toBe(697);
    expect(draftDelta(null, 10, 20, 2048)).toMatchObject({ tokens: 10, predictedMs: null, deltaMs: null });
  });
});

describe("headroom quantiles", () => {
  it("uses nearest ranks ⌈k·n/100⌉ (Hyndman & Fan definition 1)", () => {
    expect([0, 10, 25, 50, 75, 90, 100].map((k) => nearestRank(k, 4))).toEqual([1, 1, 1, 2, 3, 4, 4]);
    expect([0, 10, 25, 50, 75, 90, 100].map((k) => nearestRank(k, 10))).toEqual([1, 1, 3, 5, 8, 9, 10]);
    expect(quantiles([548, -52, 348, 148])).toEqual({ 0: -52, 10: -52, 25: -52, 50: 148, 75: 348, 90: 548, 100: 548 });
    expect(quantiles([])).toBeNull();
  });

  it("places the band on a 0..window axis, clamping overflow to the ends", () => {
    const q = { 0: -52, 10: -52, 25: 0, 50: 512, 75: 1024, 90: 4096, 100: 4096 };
    expect(bandPositions(q, 2048)).toEqual({ whiskerFrom: 0, whiskerTo: 100, boxFrom: 0, boxTo: 50, median: 25 });
  });
});

describe("fitCaption", () => {
  it("reads like the study: seconds per 1,000 tokens with intervals", () => {
    expect(
      fitCaption(
        { n: 1234, slopeMsPerToken: 5.2, slopeCi: [5.1, 5.304], interceptMs: 400.4, interceptCi: [-12.6, 812] },
        { device: null, build: "sim", points: "loads" },
      ),
    ).toBe(
      "Prefill line over model loads (device any, build sim): 5.20 s per 1,000 tokens (95% CI 5.10–5.30), intercept 400 ms (95% CI -13–812), n = 1,234.",
    );
  });
});
