import { describe, expect, it } from "vitest";
import { loadTable, signedDuration } from "@/domain/analytics/loadPrediction";

// The study (Table 5, §5): files-plan 1,351 start-up tokens, 7.8 s load; bash 300 tokens, 2.2 s.
const filesPlan = {
  configId: "files-plan",
  startupTokens: 1351,
  measuredLoadMs: 7800,
  predictedLoadMs: 170 + 5.2 * 1351,
};
const bash = { configId: "bash", startupTokens: 300, measuredLoadMs: 2200, predictedLoadMs: 170 + 5.2 * 300 };

describe("loadTable", () => {
  it("adds measured − predicted per config", () => {
    const [fp, b] = loadTable([filesPlan, { ...bash, measuredLoadMs: null }]);
    expect(fp.differenceMs).toBeCloseTo(7800 - 7195.2, 9);
    expect(b.differenceMs).toBeNull();
  });
});

describe("signedDuration", () => {
  it("signs a difference: the study's 5,465 ms prediction reads +5.5 s", () => {
    expect(signedDuration(5465.2)).toBe("+5.5 s");
    expect(signedDuration(-320)).toBe("−320 ms");
    expect(signedDuration(null)).toBe("–");
  });
});
