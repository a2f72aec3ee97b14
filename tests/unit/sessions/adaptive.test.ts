import { describe, expect, it } from "vitest";
import {
  adaptiveStep,
  adaptiveSummary,
  entryOrder,
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
    const jobs = [
      job("same", "a", 1, true),
      job("same", "b", 1, true),
      job("differ", "a", 1, true),
      job("differ", "b", 1, false),
      job("running", "a", 1, true),
      job("running", "b", 1, null, "leased"),
    ];
    // A seed whose entry order starts with "same": it enters at once; the others are not done.
    const seed = seedWhere((o) => o[0] === "same", ["same", "differ", "running"]);
    const step = adaptiveStep({ ...base, seed, taskIds: ["same", "differ", "running"], settled: [], jobs });
    expect(step.settle).toEqual([{ taskId: "same", aRuns: 1, aPassed: 1, bRuns: 1, bPassed: 1 }]);
    expect(step.queue.map((j) => [j.taskId, j.configId, j.repeat, j.reason]).sort()).toEqual([
      ["differ", "a", 2, "discordant"],
      ["differ", "b", 2, "discordant"],
    ]);
    expect(step.queue[0]).toMatchObject({ taskVersion: 1, configVersion: 2 });
  });

  it("enters done tasks in the seed's entry order only, each once every task before it has entered", () => {
    const ids = ["t1", "t2", "t3", "t4", "t5"];
    const agree = (id: string) => [job(id, "a", 1, true), job(id, "b", 1, true)];
    // Every task done but the one third in the entry order, still running.
    const seed = seedWhere(() => true, ids);
    const order = entryOrder(seed, ids);
    const jobs = ids.flatMap((id) =>
      id === order[2] ? [job(id, "a", 1, true), job(id, "b", 1, null, "leased")] : agree(id),
    );
    const step = adaptiveStep({ ...base, seed, taskIds: ids, settled: [], jobs });
    expect(step.settle.map((t) => t.taskId)).toEqual(order.slice(0, 2));
    // Once it ends, it and every done task after it enter, in order.
    const next = adaptiveStep({ ...base, seed, taskIds: ids, settled: step.settle, jobs: ids.flatMap(agree) });
    expect(next.settle.map((t) => t.taskId)).toEqual(order.slice(2));
  });

  it("draws the entry order from the seed alone: a permutation, the same for the same seed, another for another", () => {
    const ids = Array.from({ length: 24 }, (_, i) => `task-${i}`);
    const o = entryOrder(3, ids);
    expect([...o].sort()).toEqual([...ids].sort());
    expect(entryOrder(3, ids)).toEqual(o);
    expect(entryOrder(4, ids)).not.toEqual(o);
    // Each task is first about as often as any other over many seeds (a fair shuffle): 24 × 100 draws.
    const first = new Map<string, number>();
    for (let seed = 0; seed < 2400; seed++)
      first.set(entryOrder(seed, ids)[0], (first.get(entryOrder(seed, ids)[0]) ?? 0) + 1);
    expect(first.size).toBe(24);
    for (const n of first.values()) expect(n).toBeGreaterThan(60);
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
    // 12 tasks where b passed and a failed entered first: the anytime 95% interval excludes 0.
    const ids = [...Array.from({ length: 12 }, (_, i) => `s${i}`), "t"];
    const order = entryOrder(base.seed, ids);
    const settled: SettledTask[] = order
      .slice(0, 12)
      .map((taskId) => ({ taskId, aRuns: 1, aPassed: 0, bRuns: 1, bPassed: 1 }));
    const last = order[12];
    const step = adaptiveStep({
      ...base,
      taskIds: ids,
      settled,
      // A settled task's late result changes nothing; the last one, discordant, gets no pair.
      jobs: [
        job(order[0], "a", 1, true),
        job(order[0], "b", 1, false),
        job(last, "a", 1, true),
        job(last, "b", 1, false),
      ],
    });
    expect(step.queue).toEqual([]);
    expect(step.settle.map((t) => t.taskId)).toEqual([last]);
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
    // 30 tasks enter one by one ahead of "open", a discordant task last in the entry order: it
    // gets a pair exactly while the tasks entered so far leave the comparison undecided.
    const ids = [...Array.from({ length: 30 }, (_, i) => `s${i}`), "open"];
    const seed = seedWhere((o) => o.at(-1) === "open", ids);
    const order = entryOrder(seed, ids);
    const settled: SettledTask[] = [];
    for (let i = 0; i < 30; i++) {
      const step = adaptiveStep({
        ...base,
        seed,
        taskIds: ids,
        settled,
        jobs: [job("open", "a", 1, true), job("open", "b", 1, false)],
      });
      const decided = sequentialDecision(settled, base.alpha).state === "decided";
      expect(step.queue.length > 0, `after ${settled.length} tasks`).toBe(!decided);
      settled.push({ taskId: order[i], aRuns: 3, aPassed: i % 4 !== 0 ? 3 : 0, bRuns: 3, bPassed: 0 });
    }
    // It went from undecided to decided within the 30 tasks, so both answers were checked.
    expect(sequentialDecision(settled.slice(0, 3), base.alpha).state).toBe("undecided");
    expect(sequentialDecision(settled, base.alpha).state).toBe("decided");
  });
});

/** The first seed from 1 whose entry order of `ids` satisfies `want`. */
function seedWhere(want: (order: string[]) => boolean, ids: string[]): number {
  for (let seed = 1; seed < 100_000; seed++) if (want(entryOrder(seed, ids))) return seed;
  throw new Error("no such seed");
}
