import { describe, expect, it } from "vitest";
import {
  adaptiveStep,
  adaptiveSummary,
  pairOrder,
  savedText,
  type AdaptiveJob,
  type SettledTask,
} from "@/domain/sessions/adaptive";
import { sequentialDecision } from "@/domain/stats/confidence-sequence";

const job = (
  taskId: string,
  configId: string,
  repeat: number,
  passed: boolean | null,
  state = "completed",
): AdaptiveJob => ({
  taskId,
  configId,
  repeat,
  state: state as AdaptiveJob["state"],
  passed,
  taskVersion: 1,
  configVersion: 2,
});
const base = { a: "a", b: "b", alpha: 0.05, bounds: { minRepeats: 1, maxRepeats: 3 }, seed: 7 };

describe("adaptiveStep", () => {
  it("settles a task whose sides agree and queues a pair for one whose sides differ, with the reason", () => {
    const step = adaptiveStep({
      ...base,
      taskIds: ["same", "differ", "running"],
      settled: [],
      jobs: [
        job("same", "a", 1, true),
        job("same", "b", 1, true),
        job("differ", "a", 1, true),
        job("differ", "b", 1, false),
        job("running", "a", 1, true),
        job("running", "b", 1, null, "leased"),
      ],
    });
    expect(step.settle).toEqual([{ taskId: "same", aRuns: 1, aPassed: 1, bRuns: 1, bPassed: 1 }]);
    expect(step.queue.map((j) => [j.taskId, j.configId, j.repeat, j.reason]).sort()).toEqual([
      ["differ", "a", 2, "discordant"],
      ["differ", "b", 2, "discordant"],
    ]);
    expect(step.queue[0]).toMatchObject({ taskVersion: 1, configVersion: 2 });
  });

  it("queues another pair while a side's repeats disagree, and settles at the maximum", () => {
    const split = [job("t", "a", 1, true), job("t", "a", 2, false), job("t", "b", 1, true), job("t", "b", 2, true)];
    const more = adaptiveStep({ ...base, taskIds: ["t"], settled: [], jobs: split });
    expect(more.queue.map((j) => [j.repeat, j.reason])).toEqual([
      [3, "repeats_disagree"],
      [3, "repeats_disagree"],
    ]);
    const full = adaptiveStep({
      ...base,
      taskIds: ["t"],
      settled: [],
      jobs: [...split, job("t", "a", 3, true), job("t", "b", 3, false)],
    });
    expect(full.queue).toEqual([]);
    expect(full.settle).toEqual([{ taskId: "t", aRuns: 3, aPassed: 2, bRuns: 3, bPassed: 2 }]);
  });

  it("queues nothing more once the settled tasks decide, and never touches a settled task", () => {
    // 12 tasks where b passed and a failed: the anytime 95% interval excludes 0.
    const settled: SettledTask[] = Array.from({ length: 12 }, (_, i) => ({
      taskId: `s${i}`,
      aRuns: 1,
      aPassed: 0,
      bRuns: 1,
      bPassed: 1,
    }));
    const step = adaptiveStep({
      ...base,
      taskIds: ["s0", "t"],
      settled,
      jobs: [job("s0", "a", 1, true), job("s0", "b", 1, false), job("t", "a", 1, true), job("t", "b", 1, false)],
    });
    expect(step.queue).toEqual([]);
    expect(step.settle.map((t) => t.taskId)).toEqual(["t"]);
  });

  it("treats a and b alike: swapping them queues the same pairs and settles the same tasks", () => {
    const jobs = [job("x", "a", 1, true), job("x", "b", 1, false), job("y", "a", 1, false), job("y", "b", 1, false)];
    const ab = adaptiveStep({ ...base, taskIds: ["x", "y"], settled: [], jobs });
    const ba = adaptiveStep({ ...base, a: "b", b: "a", taskIds: ["x", "y"], settled: [], jobs });
    expect(ba.settle.map((t) => t.taskId)).toEqual(ab.settle.map((t) => t.taskId));
    expect(ba.queue.map((j) => [j.taskId, j.repeat, j.reason]).sort()).toEqual(
      ab.queue.map((j) => [j.taskId, j.repeat, j.reason]).sort(),
    );
  });

  it("orders each extra pair by the seed, not by any outcome", () => {
    const orders = Array.from({ length: 200 }, (_, i) => pairOrder(11, i, 2));
    expect(orders.filter((o) => o === "ab").length).toBeGreaterThan(70);
    expect(orders.filter((o) => o === "ba").length).toBeGreaterThan(70);
    expect(pairOrder(11, 3, 2)).toBe(pairOrder(11, 3, 2));
  });
});

describe("adaptiveSummary", () => {
  const summary = (settled: SettledTask[], jobs: AdaptiveJob[], taskIds: string[]) =>
    adaptiveSummary({ ...base, taskIds, configIds: ["a", "b"], settled, jobs, meanRunMs: 600_000 });

  it("says decided with the direction, the interval and the runs saved", () => {
    const ids = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const settled = ids.map((taskId) => ({ taskId, aRuns: 1, aPassed: 0, bRuns: 1, bPassed: 1 }));
    const jobs = ids.flatMap((t) => [job(t, "a", 1, false), job(t, "b", 1, true)]);
    const s = summary(settled, jobs, ids);
    expect(s.state).toBe("decided");
    expect(s.direction).toBe("b");
    expect(s.interval[0]).toBeGreaterThan(0);
    expect(s.line).toMatch(/^b better than a by \d+–100 pts \(anytime 95%\): decided$/);
    // 12 tasks × 2 configs × 3 repeats = 72 fixed; 24 queued.
    expect([s.runsQueued, s.runsSaved]).toEqual([24, 48]);
    expect(s.phoneHoursSaved).toBe(8);
    expect(savedText(s, base.bounds)).toBe(
      "24 runs queued: 48 of 72 saved (67%) and about 8 phone-hours against the fixed design of 3 repeats.",
    );
  });

  it("says how many tasks still disagree while running, and exhausted when nothing is left", () => {
    const running = summary(
      [],
      [job("t", "a", 1, true), job("t", "b", 1, false), job("u", "a", 1, null, "queued")],
      ["t", "u"],
    );
    expect(running.state).toBe("running");
    expect(running.line).toBe("undecided: 1 task still disagrees");
    const settled = [{ taskId: "t", aRuns: 3, aPassed: 3, bRuns: 3, bPassed: 0 }];
    const done = summary(settled, [job("t", "a", 3, true), job("t", "b", 3, false)], ["t"]);
    expect(done.state).toBe("exhausted");
    expect(done.line).toMatch(/^undecided at the maximum repeats: 1 task still disagrees/);
    // Nothing queued of 1 task × 2 configs × 3 repeats: 6 runs of 10 minutes saved.
    expect(summary([], [], ["t"]).phoneHoursSaved).toBe(1);
  });
});

describe("savedText", () => {
  it("says under 0.1 phone-hours rather than about 0", () => {
    const s = adaptiveSummary({
      ...base,
      taskIds: ["t"],
      configIds: ["a", "b"],
      settled: [],
      jobs: [],
      meanRunMs: 1000,
    });
    expect(savedText(s, base.bounds)).toBe(
      "0 runs queued: 6 of 6 saved (100%) and under 0.1 phone-hours against the fixed design of 3 repeats.",
    );
  });
});

describe("a cancelled adaptive session", () => {
  it("is exhausted, not running, when undecided", () => {
    const s = adaptiveSummary({
      ...base,
      taskIds: ["t", "u"],
      configIds: ["a", "b"],
      settled: [],
      jobs: [job("t", "a", 1, true), job("t", "b", 1, null, "cancelled")],
      meanRunMs: null,
      cancelled: true,
    });
    expect(s.state).toBe("exhausted");
    expect(s.runsQueued).toBe(1);
  });
});

describe("adaptiveStep's decision", () => {
  it("agrees with sequentialDecision on when the sequence decides", () => {
    // Tasks settle one per step; the step stops queuing exactly when sequentialDecision says decided.
    const settled: SettledTask[] = [];
    for (let i = 0; i < 30; i++) {
      const step = adaptiveStep({
        ...base,
        taskIds: [`s${i}`, "open"],
        settled,
        jobs: [
          job(`s${i}`, "a", 3, i % 4 !== 0),
          job(`s${i}`, "b", 3, false),
          job("open", "a", 1, true),
          job("open", "b", 1, false),
        ],
      });
      settled.push(...step.settle.filter((t) => t.taskId !== "open"));
      const decided = sequentialDecision(settled, base.alpha).state === "decided";
      // "open" is discordant: it gets a pair exactly while the sequence (with this step's task) is undecided.
      expect(step.queue.length > 0, `after ${settled.length} tasks`).toBe(!decided);
    }
    // It went from undecided to decided within the 30 tasks, so both answers were checked.
    expect(sequentialDecision(settled.slice(0, 3), base.alpha).state).toBe("undecided");
    expect(sequentialDecision(settled, base.alpha).state).toBe("decided");
  });
});
