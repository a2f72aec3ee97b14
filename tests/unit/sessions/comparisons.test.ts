import { describe, expect, it } from "vitest";
import { sessionComparisons, type SessionCell } from "@/domain/sessions/comparisons";

const cell = (configId: string, taskId: string, repeat: number, passed: boolean): SessionCell => ({
  configId,
  taskId,
  repeat,
  runs: 1,
  passed: passed ? 1 : 0,
});

describe("sessionComparisons", () => {
  it("compares each config with the session's first over tasks, BH across the rows", () => {
    // files passes t1–t6 every repeat; bash fails t1–t6; plan passes them all too.
    const cells = ["t1", "t2", "t3", "t4", "t5", "t6"].flatMap((t) =>
      [1, 2, 3].flatMap((k) => [cell("files", t, k, true), cell("bash", t, k, false), cell("plan", t, k, true)]),
    );
    const c = sessionComparisons(["files", "bash", "plan"], cells, false);
    expect(c.kind).toBe("configs");
    expect(c.rows.map((r) => [r.a, r.b, r.tasks, r.improved, r.degraded, r.difference])).toEqual([
      ["files", "bash", 6, 0, 6, -1],
      ["files", "plan", 6, 0, 0, 0],
    ]);
    // Six tasks all the same way: 2 of 64 sign patterns, p = 1/32; BH over (1/32, 1): 2·(1/32), 1.
    expect(c.rows[0].permutationP).toBeCloseTo(1 / 32, 12);
    expect(c.rows[0].permutationPAdjusted).toBeCloseTo(1 / 16, 12);
    expect(c.method).toMatch(/^Unit: the task\. Each of the 6 tasks/);
    expect(c.calibration).toMatch(/^On this data the permutation test rejects/);
  });

  it("compares a calibration session's arms by repeat parity", () => {
    const cells = ["t1", "t2"].flatMap((t) => [1, 2, 3, 4].map((k) => cell("files", t, k, k % 2 === 1)));
    const c = sessionComparisons(["files"], cells, true);
    expect(c.kind).toBe("arms");
    expect(c.rows).toEqual([
      expect.objectContaining({
        a: "files, arm 1",
        b: "files, arm 2",
        tasks: 2,
        improved: 0,
        degraded: 2,
        difference: -1,
      }),
    ]);
  });

  it("has no rows with one config and no runs", () => {
    expect(sessionComparisons(["files"], [cell("files", "t1", 1, true)], false).rows).toEqual([]);
    expect(sessionComparisons(["files", "bash"], [], false)).toMatchObject({ rows: [], method: null });
  });
});
