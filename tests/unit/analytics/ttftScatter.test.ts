import { describe, expect, it } from "vitest";
import { fitSegment, splitRefs, xDomain } from "@/domain/analytics/ttftScatter";

describe("the TTFT scatter's x-range", () => {
  it("fits turns of 12–148 prompt tokens into 0–150 (step 50), not 0–1,500 stretched to the start-up markers", () => {
    expect(xDomain([12, 148, 60])).toEqual([0, 150]);
  });
  it("starts above zero when the points do: loads at 873–1,482 tokens span 800–1,600 (step 200)", () => {
    expect(xDomain([873, 1482, 1254])).toEqual([800, 1600]);
  });
  it("gives one x a step of about a tenth of it (297 → step 50: 250–300), and no points 0–100", () => {
    expect(xDomain([297])).toEqual([250, 300]);
    expect(xDomain([300, 300])).toEqual([300, 350]);
    expect(xDomain([])).toEqual([0, 100]);
    expect(xDomain([Number.NaN])).toEqual([0, 100]);
  });
});

describe("the fit line across the range", () => {
  it("runs from the range's start to its end on the study's line, 170 ms + 5.2 ms/token", () => {
    expect(fitSegment({ slopeMsPerToken: 5.2, interceptMs: 170 }, [800, 1600])).toEqual([
      { x: 800, y: 170 + 4160 },
      { x: 1600, y: 170 + 8320 },
    ]);
    expect(fitSegment(null, [0, 100])).toBeNull();
  });
});

describe("start-up markers outside the range", () => {
  it("draws the markers inside and names the others with their tokens", () => {
    const refs = [
      { configId: "bare", tokens: 120 },
      { configId: "files", tokens: 1254 },
      { configId: "files-plan", tokens: 1482 },
    ];
    const r = splitRefs(refs, [0, 150]);
    expect(r.inside.map((x) => x.configId)).toEqual(["bare"]);
    expect(r.note).toBe(
      "The start-up markers of files (1,254 tokens), files-plan (1,482 tokens) lie beyond these points; “Model loads” or “Both” shows them.",
    );
    expect(splitRefs(refs.slice(0, 2), [0, 150]).note).toBe(
      "The start-up marker of files (1,254 tokens) lies beyond these points; “Model loads” or “Both” shows it.",
    );
    expect(splitRefs(refs, [0, 1600]).note).toBeNull();
  });
});
