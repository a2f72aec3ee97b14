import { describe, expect, it } from "vitest";
import { loadContrast, pickContrast, type ContrastConfig } from "@/domain/analytics/loadContrast";
import { slopeTimes } from "@/domain/stats/slope-times";

// The study's Table 5 pair (files-plan 1,351 tokens, 7.8 s; bash 300, 2.2 s) among others.
const row = (configId: string, startupTokens: number | null, measuredLoadMs: number | null = null): ContrastConfig => ({
  configId,
  startupTokens,
  measuredLoadMs,
});
const filesPlan = row("files-plan", 1351, 7800);
const bash = row("bash", 300, 2200);
const bare = row("bare", 40, 700);
const examples = row("files-plan-examples", 1482, 8500);
const ids = (p: ReturnType<typeof pickContrast>) => (p.ok ? (p.pair?.map((r) => r.configId) ?? null) : p.message);

describe("loadContrast", () => {
  it("1,051 tokens at 5.2 ms/token (CI 5.1–5.3) predict 5,465.2 ms (5,360.1–5,570.3) beside the measured 5,600 ms", () => {
    const c = loadContrast({ slopeMsPerToken: 5.2, slopeCi: [5.1, 5.3] }, filesPlan, bash)!;
    expect(c).toMatchObject({
      a: "files-plan",
      b: "bash",
      aTokens: 1351,
      bTokens: 300,
      tokenDiff: 1051,
      measuredDiffMs: 5600,
    });
    expect(c.predicted.ms).toBeCloseTo(5465.2, 9); // 1,051 × 5.2
    expect(c.predicted.ci[0]).toBeCloseTo(5360.1, 9); // 1,051 × 5.1
    expect(c.predicted.ci[1]).toBeCloseTo(5570.3, 9); // 1,051 × 5.3
  });

  it("a negative difference keeps its interval low to high: bash vs files-plan is −5,465.2 ms (−5,570.3 to −5,360.1)", () => {
    const c = loadContrast({ slopeMsPerToken: 5.2, slopeCi: [5.1, 5.3] }, bash, filesPlan)!;
    expect(c.tokenDiff).toBe(-1051);
    expect(c.predicted.ms).toBeCloseTo(-5465.2, 9);
    expect(c.predicted.ci[0]).toBeCloseTo(-5570.3, 9);
    expect(c.predicted.ci[1]).toBeCloseTo(-5360.1, 9);
    expect(c.measuredDiffMs).toBe(-5600);
  });

  it("has no measured difference when a load is missing, and no contrast without tokens", () => {
    const fit = { slopeMsPerToken: 5.2, slopeCi: [5.2, 5.2] as [number, number] };
    expect(loadContrast(fit, filesPlan, { ...bash, measuredLoadMs: null })!.measuredDiffMs).toBeNull();
    expect(loadContrast(fit, filesPlan, { ...bash, startupTokens: null })).toBeNull();
  });

  it("slopeTimes is the slope and its interval times the token difference", () => {
    expect(slopeTimes({ slopeMsPerToken: 2, slopeCi: [1, 3] }, 100)).toEqual({ ms: 200, ci: [100, 300] });
    expect(slopeTimes({ slopeMsPerToken: 2, slopeCi: [1, 3] }, -100)).toEqual({ ms: -200, ci: [-300, -100] });
  });
});

describe("pickContrast", () => {
  const rows = [bash, filesPlan, bare, examples, row("no-tokens", null, 900)];

  it("defaults to the configs with the most and the fewest start-up tokens, whatever their ids", () => {
    expect(ids(pickContrast(rows))).toEqual(["files-plan-examples", "bare"]);
    // No special case for the default suite's ids: without bare and examples it is files-plan vs bash by tokens alone.
    expect(ids(pickContrast([row("x", 10), row("y", 30), row("z", 20)]))).toEqual(["y", "x"]);
  });

  it("takes the pair the user picks, in that order", () => {
    expect(ids(pickContrast(rows, "bash", "bare"))).toEqual(["bash", "bare"]);
    expect(ids(pickContrast(rows, "bare", "files-plan"))).toEqual(["bare", "files-plan"]);
  });

  it("with one side picked, the other is the config farthest from it in tokens", () => {
    expect(ids(pickContrast(rows, "bash"))).toEqual(["bash", "files-plan-examples"]); // |300 − 1,482| = 1,182 > |300 − 40| = 260
    expect(ids(pickContrast(rows, undefined, "files-plan"))).toEqual(["bare", "files-plan"]); // |40 − 1,351| = 1,311
  });

  it("refuses a pick it cannot contrast, with a sentence naming what to pick", () => {
    const unknown = pickContrast(rows, "nope", "bash");
    expect(unknown).toEqual({
      ok: false,
      param: "a",
      message:
        "Config `nope` has no start-up tokens in this selection, so it cannot be contrasted; pick one of: `bare`, `bash`, `files-plan`, `files-plan-examples`.",
    });
    expect(pickContrast(rows, "bash", "no-tokens")).toMatchObject({ ok: false, param: "b" });
    expect(pickContrast(rows, "bash", "bash")).toEqual({
      ok: false,
      param: "b",
      message: "Both sides of the contrast are `bash`; pick two different configs.",
    });
  });

  it("has no pair with fewer than two configs with tokens, or when all have the same count", () => {
    expect(ids(pickContrast([bare, row("no-tokens", null)]))).toBeNull();
    expect(ids(pickContrast([bare, { ...bash, startupTokens: 40 }]))).toBeNull();
    expect(ids(pickContrast([], undefined, undefined))).toBeNull();
  });
});
