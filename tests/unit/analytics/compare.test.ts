import { describe, expect, it } from "vitest";
import { compareSides, likeForLikeNotices, likeForLikeWarnings } from "@/domain/analytics/compare";

const t = (taskId: string, aPassed: number, bPassed: number, aRuns = 3, bRuns = 3) => ({
  taskId,
  aRuns,
  aPassed,
  bRuns,
  bPassed,
});

describe("compareSides", () => {
  it("reproduces the study's worked-examples comparison: 2 improved, 2 degraded → sign test p = 1.0", () => {
    const c = compareSides([
      t("search", 0, 3),
      t("index", 0, 3),
      t("recall", 3, 0),
      t("words15", 3, 0),
      t("sum", 3, 3),
      t("todo", 0, 0),
    ]);
    expect(c.improved).toEqual(["index", "search"]);
    expect(c.degraded).toEqual(["recall", "words15"]);
    expect(c.unchanged).toEqual(["sum", "todo"]);
    expect(c.signTestP).toBe(1);
    expect(c.mcnemarP).toBe(1);
  });
  it("gives p = 0.25 for 3 improved and none degraded", () => {
    expect(compareSides([t("a", 0, 1), t("b", 1, 3), t("c", 2, 3)]).signTestP).toBeCloseTo(0.25, 12);
  });
  it("compares fractions exactly when the sides have different run counts, and skips tasks missing on one side", () => {
    const c = compareSides([t("x", 2, 4, 3, 6), t("y", 1, 2, 3, 5), t("z", 1, 0, 3, 0)]);
    expect(c.unchanged).toEqual(["x"]); // 2/3 = 4/6
    expect(c.improved).toEqual(["y"]); // 2/5 > 1/3
    expect(c.degraded).toEqual([]);
  });
  it("runs McNemar's exact test on task-paired outcomes (Armitage & Berry's 12 vs 2 discordant → p = 0.0129)", () => {
    const one = (n: number, a: number, b: number, tag: string) =>
      Array.from({ length: n }, (_, i) => t(`${tag}${i}`, a, b, 1, 1));
    const c = compareSides([
      ...one(10, 1, 1, "both"),
      ...one(2, 1, 0, "a"),
      ...one(12, 0, 1, "b"),
      ...one(5, 0, 0, "n"),
    ]);
    expect(c.pairs).toEqual({ both: 10, aOnly: 2, bOnly: 12, neither: 5, undecided: 0 });
    expect(c.mcnemarP).toBeCloseTo(0.0129, 4);
    // One repeat per task: every task's repeats agree, so the permutation test is the same test.
    expect(c.permutationP).toBeCloseTo(c.mcnemarP, 12);
    expect(c.signTestP).toBeCloseTo(c.mcnemarP, 12);
  });

  it("counts a task once, not once per repeat: the issue's A/A example, 14/24 → 2/24 runs over 8 tasks, is p = 0.0625", () => {
    // Runs paired by repeat gave 13 discordant runs lost and 1 gained (McNemar p < 0.001); as tasks
    // it is 5 worse, 0 better, 3 the same: two of the 32 sign patterns are as extreme.
    const c = compareSides([
      t("t1", 3, 0),
      t("t2", 3, 0),
      t("t3", 3, 0),
      t("t4", 2, 0),
      t("t5", 2, 1),
      t("t6", 1, 1),
      t("t7", 0, 0),
      t("t8", 0, 0),
    ]);
    expect(c.degraded).toHaveLength(5);
    expect(c.improved).toHaveLength(0);
    expect(c.permutationP).toBeCloseTo(0.0625, 12);
    expect(c.permutation).toEqual({ p: c.permutationP, method: "exact", draws: null, seed: null, tasks: 5 });
    expect(c.signTestP).toBeCloseTo(0.0625, 12);
    // Majority verdicts: t1–t4 pass → fail, t5 pass → fail; McNemar 5 vs 0.
    expect(c.pairs).toMatchObject({ aOnly: 5, bOnly: 0 });
    expect(c.mcnemarP).toBeCloseTo(0.0625, 12);
    expect(c.taskCount).toBe(8);
    expect(c.difference).toBeCloseTo(-12 / 24, 12);
    // The permutation test cannot reject at 0.05 with five changed tasks, and the calibration says so.
    expect(c.calibration.rejected).toBe(0);
    expect(c.method).toMatch(/^Unit: the task\. Each of the 8 tasks run on both sides counts once/);
    expect(c.method).toContain("exact: all 32 sign assignments counted");
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
  it("gives each difference its level: other builds or devices make the difference partly theirs", () => {
    const n = likeForLikeNotices(side, { sessions: ["s2"], builds: ["def"], devices: ["px"], charging: [true] });
    expect(n.map((x) => [x.kind, x.severity])).toEqual([
      ["sidesSessions", "caution"],
      ["sidesBuilds", "misleading"],
      ["sidesDevices", "misleading"],
      ["sidesCharging", "caution"],
    ]);
    expect(n.map((x) => x.text)).toEqual(
      likeForLikeWarnings(side, { sessions: ["s2"], builds: ["def"], devices: ["px"], charging: [true] }),
    );
  });
});
