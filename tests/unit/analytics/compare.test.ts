import { describe, expect, it } from "vitest";
import { compareSides, likeForLikeWarnings } from "@/domain/analytics/compare";

const t = (taskId: string, aPassed: number, bPassed: number, aRuns = 3, bRuns = 3) => ({
  taskId,
  aRuns,
  aPassed,
  bRuns,
  bPassed,
});
const noPairs = { both: 0, aOnly: 0, bOnly: 0, neither: 0 };

describe("compareSides", () => {
  it("reproduces the study's worked-examples comparison: 2 improved, 2 degraded → sign test p = 1.0", () => {
    const c = compareSides(
      [t("search", 0, 3), t("index", 0, 3), t("recall", 3, 0), t("words15", 3, 0), t("sum", 3, 3), t("todo", 0, 0)],
      noPairs,
    );
    expect(c.improved).toEqual(["index", "search"]);
    expect(c.degraded).toEqual(["recall", "words15"]);
    expect(c.unchanged).toEqual(["sum", "todo"]);
    expect(c.signTestP).toBe(1);
    expect(c.mcnemarP).toBe(1);
  });
  it("gives p = 0.25 for 3 improved and none degraded", () => {
    expect(compareSides([t("a", 0, 1), t("b", 1, 3), t("c", 2, 3)], noPairs).signTestP).toBeCloseTo(0.25, 12);
  });
  it("compares fractions exactly when the sides have different run counts, and skips tasks missing on one side", () => {
    const c = compareSides([t("x", 2, 4, 3, 6), t("y", 1, 2, 3, 5), t("z", 1, 0, 3, 0)], noPairs);
    expect(c.unchanged).toEqual(["x"]); // 2/3 = 4/6
    expect(c.improved).toEqual(["y"]); // 2/5 > 1/3
    expect(c.degraded).toEqual([]);
  });
  it("runs McNemar's exact test on the discordant pairs (Armitage & Berry: 12 vs 2 → p = 0.0129)", () => {
    expect(compareSides([], { both: 10, aOnly: 2, bOnly: 12, neither: 5 }).mcnemarP).toBeCloseTo(0.0129, 4);
  });
});

describe("likeForLikeWarnings", () => {
  const side = { sessions: ["s1"], builds: ["abc"], devices: ["ip"], charging: [false] };
  it("is silent when both sides share session, build, device and charging", () => {
    expect(likeForLikeWarnings(side, { ...side })).toEqual([]);
  });
  it("names each difference", () => {
    const w = likeForLikeWarnings(side, { sessions: ["s2"], builds: ["abc"], devices: ["ip"], charging: [true] });
    expect(w).toHaveLength(2);
    expect(w[0]).toMatch(/different sessions/);
    expect(w[1]).toMatch(/charging/);
  });
});
