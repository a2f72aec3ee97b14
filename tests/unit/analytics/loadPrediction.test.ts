import { describe, expect, it } from "vitest";
import { contrastPair, loadContrast, loadTable, signedDuration } from "@/domain/analytics/loadPrediction";

// The study (Table 5, §5): files-plan 1,351 start-up tokens, 7.8 s load; bash 300 tokens, 2.2 s.
const filesPlan = { configId: "files-plan", startupTokens: 1351, measuredLoadMs: 7800, predictedLoadMs: 170 + 5.2 * 1351 };
const bash = { configId: "bash", startupTokens: 300, measuredLoadMs: 2200, predictedLoadMs: 170 + 5.2 * 300 };

describe("loadContrast", () => {
  it("predicts 5,465 ms for 1,051 tokens at 5.2 ms/token, beside the measured 5,600 ms", () => {
    const c = loadContrast(5.2, filesPlan, bash)!;
    expect(c.tokenDiff).toBe(1051);
    expect(c.predictedDiffMs).toBeCloseTo(5465.2, 9);
    expect(Math.round(c.predictedDiffMs)).toBe(5465);
    expect(c.measuredDiffMs).toBe(5600);
  });
  it("has no measured difference when a load is missing, and no contrast without tokens", () => {
    expect(loadContrast(5.2, filesPlan, { ...bash, measuredLoadMs: null })!.measuredDiffMs).toBeNull();
    expect(loadContrast(5.2, filesPlan, { ...bash, startupTokens: null })).toBeNull();
  });
});

describe("loadTable", () => {
  it("adds measured − predicted per config", () => {
    const [fp, b] = loadTable([filesPlan, { ...bash, measuredLoadMs: null }]);
    expect(fp.differenceMs).toBeCloseTo(7800 - 7195.2, 9);
    expect(b.differenceMs).toBeNull();
  });
});

describe("contrastPair", () => {
  it("prefers the study's pair, else the most and fewest start-up tokens", () => {
    const bare = { configId: "bare", startupTokens: 120, measuredLoadMs: 700, predictedLoadMs: null };
    expect(contrastPair([bare, bash, filesPlan])!.map((r) => r.configId)).toEqual(["files-plan", "bash"]);
    expect(contrastPair([bare, bash])!.map((r) => r.configId)).toEqual(["bash", "bare"]);
    expect(contrastPair([bare])).toBeNull();
    expect(contrastPair([bare, { ...bash, startupTokens: 120 }])).toBeNull();
  });
});

describe("signedDuration", () => {
  it("signs a difference: the study's 5,465 ms prediction reads +5.5 s", () => {
    expect(signedDuration(5465.2)).toBe("+5.5 s");
    expect(signedDuration(-320)).toBe("−320 ms");
    expect(signedDuration(null)).toBe("–");
  });
});
