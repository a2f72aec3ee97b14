import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const call = (name: string, ok = true) => ({ name, args: { path: "/x.md" }, ok });
const withCalls = (job: any, calls: unknown[], rest: object) => ({
  turns: [{ ...traceFor(job).turns[0], toolCalls: calls }],
  ...rest,
});

describe("GET /api/analytics/transitions and /trajectories", () => {
  it("counts a's outcomes against b's over paired runs, and diffs the call paths", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "t", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
    });
    // files: sum finished (read ✓, stop) both repeats; dentist wrong_result (read ✓, stop).
    // bash: sum repeat 1 hits the tool limit (read ✓, list ✗), repeat 2 finishes (read ✓, stop); dentist gives up (read ✗).
    await runQueue(dash, token, (job) => {
      if (job.config.id === "files")
        return withCalls(job, [call("read_file")], { reply: job.task.id === "sum" ? "31" : "Done." });
      if (job.task.id === "sum")
        return job.repeat === 1
          ? withCalls(job, [call("read_file"), call("list_files", false)], { end: { reason: "tool_limit" } })
          : withCalls(job, [call("read_file")], { reply: "31" });
      return withCalls(job, [call("read_file", false)], { reply: "I can't find it." });
    });
    const t = await dash.call("GET", "/api/analytics/transitions?a=files&b=bash");
    expect(t.status).toBe(200);
    // Pairs: sum r1 finished→tool_limit, sum r2 finished→finished, dentist r1, r2 wrong_result→gave_up.
    expect(t.body.counts.finished).toMatchObject({ finished: 1, tool_limit: 1 });
    expect(t.body.counts.wrong_result).toMatchObject({ gave_up: 2 });
    expect(t.body.rowTotals).toMatchObject({ finished: 2, wrong_result: 2 });
    expect(t.body.columnTotals).toMatchObject({ finished: 1, tool_limit: 1, gave_up: 2 });
    expect(t.body.total).toBe(4);

    const j = await dash.call("GET", "/api/analytics/trajectories?a=files&b=bash&task=sum");
    expect(j.status).toBe(200);
    expect(j.body.tasks).toHaveLength(1);
    const sum = j.body.tasks[0];
    expect(sum.a[0]).toMatchObject({ pattern: "read_file ✓ → stop", runs: 2, outcomes: { finished: 2 } });
    // bash's two paths tie at one run each: the shorter one is its majority path.
    expect(sum.b.map((p: { pattern: string }) => p.pattern)).toEqual([
      "read_file ✓ → stop",
      "read_file ✓ → list_files ✗ → tool limit",
    ]);
    expect(sum.b[1].outcomes).toEqual({ tool_limit: 1 });
    expect(sum.divergesAt).toBeNull();
    const all = (await dash.call("GET", "/api/analytics/trajectories?a=files&b=bash")).body.tasks;
    expect(all.find((x: { taskId: string }) => x.taskId === "dentist-todo").divergesAt).toBe(1);
  });

  it("asks for both configs", async () => {
    const r = await dash.call("GET", "/api/analytics/transitions?a=files");
    expect(r.status).toBe(400);
    expect(r.body.error.issues[0].path).toBe("b");
  });
});
