import { describe, expect, it } from "vitest";
import { combineCounts, passRateBars } from "@/domain/analytics/bars";
import { wilson } from "@/domain/stats/wilson";

describe("passRateBars", () => {
  it("expresses Wilson bounds relative to the bar (27/30 → 0.9 − 0.744, 0.965 − 0.9)", () => {
    const [row] = passRateBars([
      {
        configId: "bare",
        series: {
          noFiles: { runs: 30, passed: 27, wilson: wilson(27, 30) },
          files: { runs: 0, passed: 0, wilson: null },
        },
      },
    ]);
    expect(row.configId).toBe("bare");
    expect(row.noFiles).toBeCloseTo(0.9, 12);
    const [down, up] = row.noFilesErr as [number, number];
    expect(down).toBeCloseTo(0.9 - 0.744, 3);
    expect(up).toBeCloseTo(0.965 - 0.9, 3);
    expect(row.noFilesLabel).toBe("27/30");
    expect(row.files).toBeNull();
    expect(row.filesErr).toBeNull();
  });
});

describe("combineCounts", () => {
  it("adds groups and recomputes the interval on the sum (6 file + 4 multi-step tasks × 3 = 12/30)", () => {
    const c = combineCounts(
      [{ runs: 18, passed: 9, wilson: null }, { runs: 12, passed: 3, wilson: null }, undefined],
      wilson,
    );
    expect(c.runs).toBe(30);
    expect(c.passed).toBe(12);
    expect(c.wilson![0]).toBeCloseTo(0.246, 3);
    expect(c.wilson![1]).toBeCloseTo(0.577, 3);
  });
});
