import { describe, expect, it } from "vitest";
import { contextRows, fixed, proficiencyRows } from "@/domain/analytics/proficiency";

const usage = (configId: string, runs: number, repeats: number) => ({
  configId,
  runs,
  repeats,
  repatches: 6,
  outputTokens: 900,
  promptTokens: 4500,
});

describe("proficiencyRows", () => {
  it("gives pass@1 = 2/3 and pass^3 = 0 for one task with 2 of 3 passes", () => {
    const [row] = proficiencyRows([{ configId: "bash", taskId: "t", runs: 3, passed: 2 }], [usage("bash", 3, 3)]);
    expect(row.passAt1).toBeCloseTo(2 / 3, 12);
    expect(row.passHatK).toBe(0);
    expect(row).toMatchObject({ k: 3, tasks: 1, tasksWithK: 1 });
  });

  it("averages per task with equal weight and leaves tasks short of k out of pass^k", () => {
    // t1 2/3 → pass@1 2/3, pass^3 0; t2 3/3 → 1, 1; t3 0/3 → 0, 0;
    // t4 3/4 → pass@1 3/4, pass^3 = (3·2·1)/(4·3·2) = 1/4; t5 1/2 → pass@1 1/2, no pass^3.
    // pass@1 = (2/3 + 1 + 0 + 3/4 + 1/2) / 5 = (35/12) / 5 = 7/12; pass^3 = (0 + 1 + 0 + 1/4) / 4 = 5/16.
    const tasks = [
      { configId: "files", taskId: "t1", runs: 3, passed: 2 },
      { configId: "files", taskId: "t2", runs: 3, passed: 3 },
      { configId: "files", taskId: "t3", runs: 3, passed: 0 },
      { configId: "files", taskId: "t4", runs: 4, passed: 3 },
      { configId: "files", taskId: "t5", runs: 2, passed: 1 },
      { configId: "bash", taskId: "t1", runs: 3, passed: 3 },
    ];
    const rows = proficiencyRows(tasks, [usage("files", 15, 3), usage("bash", 3, 3)]);
    expect(rows.map((r) => r.configId)).toEqual(["bash", "files"]);
    const files = rows[1];
    expect(files.passAt1).toBeCloseTo(7 / 12, 12);
    expect(files.passHatK).toBeCloseTo(5 / 16, 12);
    expect(files).toMatchObject({ tasks: 5, tasksWithK: 4, runs: 15 });
    // 6 re-patches, 900 output and 4500 prompt tokens over 15 runs.
    expect(files.repatchesPerRun).toBeCloseTo(0.4, 12);
    expect(files.outputTokensPerRun).toBe(60);
    expect(files.promptTokensPerRun).toBe(300);
    expect(rows[0]).toMatchObject({ passAt1: 1, passHatK: 1 });
  });

  it("has no rates without runs", () => {
    const [row] = proficiencyRows(
      [],
      [{ configId: "x", runs: 0, repeats: 0, repatches: 0, outputTokens: 0, promptTokens: 0 }],
    );
    expect(row).toMatchObject({ k: 1, passAt1: null, passHatK: null, repatchesPerRun: null, outputTokensPerRun: null });
  });
});

describe("contextRows", () => {
  it("gives the overflow rate with its Wilson interval (3 of 12 → 25%, 8.9–53.2%)", () => {
    const [row] = contextRows([
      { configId: "staged", context: "staged", runs: 12, overflowRuns: 3, elide: 7, summarize: 2, recall: 0 },
    ]);
    expect(row.overflowRate).toBe(0.25);
    expect(row.overflowWilson![0]).toBeCloseTo(0.0889, 3);
    expect(row.overflowWilson![1]).toBeCloseTo(0.5323, 3);
    expect(row).toMatchObject({ elide: 7, summarize: 2, recall: 0 });
  });
});

describe("fixed", () => {
  it("rounds to the given decimals and dashes missing values", () => {
    expect(fixed(0.45)).toBe("0.5");
    expect(fixed(2 / 3, 2)).toBe("0.67");
    expect(fixed(null)).toBe("–");
  });
});
