/**
 * Issue 22 (ADR 12): the columnar copy counts each config's majority progress path in SQL (over
 * `run_calls`, which it computes from the copied lists). Checked
 * against the domain's `buildTrajectories` (itself checked against hand-worked paths in
 * tests/unit/analytics) on random runs written straight into a copy's tables, with what the
 * rule's edge cases need: ties between states (fewer milestones win, then the failed call), an
 * even number of runs (a call reached by exactly half is past the path's end), ok flags missing
 * or shorter than the calls, runs with no call, and every way a run can end.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DuckDBValue } from "@duckdb/node-api";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildTrajectories, type ProgressRunFacts } from "@/domain/analytics/progress";
import { progressAnalytics } from "@/server/analytics/progress";
import { DERIVED } from "@/server/store/columnar/tables";
import { emptyCopy, type EmptyCopy } from "../support/empty-copy";

const END_REASONS = [
  "stop",
  "stop",
  "stop",
  "context_full",
  "crash",
  "timeout",
  "cancelled",
  "tool_limit",
  "turn_limit",
];

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs over three tasks (two groups) and three configs; few values, so states tie often. */
function randomRuns(seed: number, n: number): (ProgressRunFacts & { id: string; sessionId: string; repeat: number })[] {
  const r = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: n }, (_, i) => {
    const taskId = pick(["task-b", "task-a", "task-c"]);
    const total = taskId === "task-c" ? 2 : 3;
    const calls = pick([0, 1, 2, 2, 3, 3, 4, 5]);
    let m = 0;
    const progress = Array.from({ length: calls }, () => (m = Math.min(total, m + (r() < 0.4 ? 1 : 0))));
    const okLength = pick([calls, calls, calls, Math.max(0, calls - 1)]);
    return {
      id: `run_${String(i).padStart(4, "0")}`,
      sessionId: pick(["ses_1", "ses_2"]),
      repeat: 1 + Math.floor(r() * 3),
      taskId,
      group: taskId === "task-a" ? "multi-step" : "single-step",
      configId: pick(["files", "bash", "plan"]),
      progress,
      callOk: r() < 0.15 ? null : Array.from({ length: okLength }, () => r() < 0.7),
      endReason: pick(END_REASONS),
      milestonesTotal: total,
    };
  });
}

let copy: EmptyCopy;
beforeAll(async () => {
  copy = await emptyCopy();
});
afterAll(() => copy?.close());

async function load(runs: ReturnType<typeof randomRuns>) {
  await copy.writer.run("DELETE FROM run_facts");
  await copy.writer.run("DELETE FROM run_progress");
  await copy.writer.run("DELETE FROM run_calls");
  for (const x of runs) {
    await copy.writer.run(
      `INSERT INTO run_facts (id, session_id, repeat, task_id, task_group, config_id, end_reason, milestones_total,
                              trial, superseded, unscorable)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, FALSE, FALSE, NULL)`,
      [x.id, x.sessionId, x.repeat, x.taskId, x.group, x.configId, x.endReason, x.milestonesTotal] as DuckDBValue[],
    );
    await copy.writer.run("INSERT INTO run_progress VALUES (?, ?, ?, ?)", [
      x.id,
      JSON.stringify(x.progress),
      x.callOk === null ? null : JSON.stringify(x.callOk),
      Math.max(0, ...x.progress),
    ]);
  }
  // run_calls is computed from run_progress, as the copy computes it after each load and catch-up.
  for (const t of DERIVED.filter((d) => d.name === "run_calls")) await copy.writer.run(t.derive(() => "TRUE"));
}

/** The domain's paths over the runs in the order the database path reads them. */
function expected(runs: ReturnType<typeof randomRuns>) {
  const key = (x: (typeof runs)[number]) => [x.taskId, x.configId, x.sessionId, String(x.repeat).padStart(3), x.id];
  const sorted = [...runs].sort((a, b) => {
    const [p, q] = [key(a), key(b)];
    for (let i = 0; i < p.length; i++) if (p[i] !== q[i]) return p[i] < q[i] ? -1 : 1;
    return 0;
  });
  return buildTrajectories(sorted);
}

it.each([1, 2, 3, 4, 5, 6, 7, 8])("random runs, seed %i: the copy's paths are the domain's", async (seed) => {
  const runs = randomRuns(seed, 12 + seed * 9);
  await load(runs);
  const got = await progressAnalytics(copy.ctx, AnalyticsFilter.parse({ allSessions: true }));
  expect(got.tasks).toEqual(expected(runs));
});

it("a state tie goes to fewer milestones, then to the failed call; half the runs is past the end", async () => {
  const base = { sessionId: "ses_1", taskId: "task-a", group: "multi-step", configId: "files", milestonesTotal: 3 };
  const runs = [
    // Call 1: (1, ok) twice, (0, failed) twice: fewer milestones wins. Call 2: (1, ok), (1, failed): the failed call.
    { ...base, id: "r1", repeat: 1, progress: [1, 1, 2], callOk: [true, true, true], endReason: "stop" },
    { ...base, id: "r2", repeat: 2, progress: [1, 1], callOk: [true, false], endReason: "stop" },
    { ...base, id: "r3", repeat: 3, progress: [0, 0, 0], callOk: [false, true, true], endReason: "stop" },
    { ...base, id: "r4", repeat: 4, progress: [0], callOk: [false], endReason: "crash" },
  ];
  await load(runs);
  const [task] = (await progressAnalytics(copy.ctx, AnalyticsFilter.parse({ allSessions: true }))).tasks;
  expect(task.configs[0].points.map((p) => [p.call, p.milestones, p.failed, p.following, p.running])).toEqual([
    [0, 0, false, 4, 4],
    [1, 0, true, 2, 4],
    [2, 0, false, 1, 3],
  ]); // call 3 is reached by r1 and r3 only: 2 of 4 is not a majority
  expect(task.configs[0].ends).toEqual({ early_stop: 3, crashed: 1 });
  expect(task.configs[0].end).toBe("early_stop");
  expect(task.configs).toEqual(expected(runs)[0].configs);
});
