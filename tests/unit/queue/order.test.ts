import { describe, expect, it } from "vitest";
import { planJobs } from "@/domain/queue";

const key = (j: { taskId: string; configId: string; repeat: number }) => `${j.configId}/${j.taskId}/${j.repeat}`;

describe("planJobs", () => {
  it("orders blocked jobs by config as given, task in suite order, then repeat", () => {
    const jobs = planJobs(["t1", "t2"], ["b", "a"], 2, "blocked", 1).map(key);
    expect(jobs).toEqual(["b/t1/1", "b/t1/2", "b/t2/1", "b/t2/2", "a/t1/1", "a/t1/2", "a/t2/1", "a/t2/2"]);
  });

  it("interleaves as a permutation of the same jobs, reproducible from the seed", () => {
    const blocked = planJobs(["t1", "t2", "t3"], ["a", "b", "c"], 3, "blocked", 0).map(key);
    const one = planJobs(["t1", "t2", "t3"], ["a", "b", "c"], 3, "interleaved", 42).map(key);
    const again = planJobs(["t1", "t2", "t3"], ["a", "b", "c"], 3, "interleaved", 42).map(key);
    const other = planJobs(["t1", "t2", "t3"], ["a", "b", "c"], 3, "interleaved", 43).map(key);
    expect([...one].sort()).toEqual([...blocked].sort());
    expect(one).toEqual(again);
    expect(one).not.toEqual(blocked);
    expect(one).not.toEqual(other);
  });

  it("spreads configs through an interleaved session (every config appears in the first half)", () => {
    const jobs = planJobs(
      Array.from({ length: 20 }, (_, i) => `t${i}`),
      ["a", "b", "c", "d"],
      3,
      "interleaved",
      7,
    );
    const firstHalf = new Set(jobs.slice(0, jobs.length / 2).map((j) => j.configId));
    expect(firstHalf).toEqual(new Set(["a", "b", "c", "d"]));
  });
});

describe("jobCount", () => {
  it("matches the length of the planned job list", async () => {
    const { jobCount } = await import("@/domain/queue");
    expect(jobCount(20, 7, 3)).toBe(420);
    expect(jobCount(4, 2, 5)).toBe(planJobs(["a", "b", "c", "d"], ["x", "y"], 5, "blocked", 0).length);
  });
});
