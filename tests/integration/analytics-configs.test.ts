import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const runAll = (shape: (job: any, i: number) => object) => runQueue(dash, token, shape);
const turn = (ttftMs: number, decodeMs: number, promptTokens = 40) => ({
  promptTokens,
  contextTokens: 400,
  ttftMs,
  outputTokens: 20,
  decodeMs,
  text: "",
  toolCalls: [],
});

describe("GET /api/analytics/configs", () => {
  it("aggregates pass counts, groups, outcomes and SQL medians per config", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "a", suite: "mini", configs: ["files"], tasks: ["sum"], repeats: 4, order: "blocked" },
    });
    // load ms 1000, 2000, 3000, 9000 → median 2500; first-turn TTFT 100, 300, 200, 400 → median 250;
    // turn times (ttft + decode) over all turns: 1100, 1300, 1200, 1400, 5000 → median 1300.
    const loads = [1000, 2000, 3000, 9000];
    const firsts = [100, 300, 200, 400];
    await runAll((job, i) => ({
      load: { startupTokens: 300 + i, ms: loads[i] },
      turns: i === 3 ? [turn(firsts[i], 1000), turn(1000, 4000)] : [turn(firsts[i], 1000)],
      reply: i < 3 ? "31" : "I can't work that out.",
      peakContextTokens: 500 + i * 100,
    }));
    const r = await dash.call("GET", "/api/analytics/configs");
    expect(r.status).toBe(200);
    expect(r.body.configs).toHaveLength(1);
    const c = r.body.configs[0];
    expect(c).toMatchObject({
      configId: "files",
      runs: 4,
      passed: 3,
      passRate: 0.75,
      medianLoadMs: 2500,
      medianTtftMs: 250,
      medianTurnMs: 1300,
      medianStartupTokens: 301.5,
      peakContextTokens: 800,
      outcomes: { finished: 3, gave_up: 1 },
      toolCalls: 0,
      looping: 0,
    });
    expect(c.byGroup.no_files).toMatchObject({ runs: 4, passed: 3 });
    expect(c.heldOut).toEqual({ runs: 0, passed: 0, wilson: null });
  });

  it("adds the ICC, design effect, effective n and the Wilson interval on it, per config and per group", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "r", suite: "mini", configs: ["files"], tasks: "all", repeats: 3, order: "blocked" },
    });
    // sum passes repeats 1 and 2, not 3; dentist-todo never passes (its workspace is left alone).
    await runAll((job) => ({ reply: job.task.id === "sum" && job.repeat < 3 ? "31" : "I don't know." }));
    const c = (await dash.call("GET", "/api/analytics/configs")).body.configs[0];
    // Tasks 1,1,0 | 0,0,0: N = 6, k = 2, p̂ = 1/3; SSB = 3·(1/3)² + 3·(1/3)² = 2/3, MSB = 2/3;
    // SSW = 3·(2/3)(1/3) = 2/3, MSW = (2/3)/4 = 1/6; ICC = (2/3 − 1/6)/(2/3 + 2/6) = 1/2,
    // deff = 1 + 2·½ = 2, effective n = 3; Wilson(1/3, n = 3), by the formula in Python with
    // scipy's z: 0.061492–0.792340 (the plain one on 6 runs is narrower).
    expect(c).toMatchObject({ runs: 6, passed: 2, tasks: 2 });
    expect(c.icc).toBeCloseTo(0.5, 12);
    expect(c.designEffect).toBeCloseTo(2, 12);
    expect(c.effectiveN).toBeCloseTo(3, 12);
    expect(c.wilsonEffective[0]).toBeCloseTo(0.061492, 5);
    expect(c.wilsonEffective[1]).toBeCloseTo(0.79234, 5);
    expect(c.wilsonEffective[1] - c.wilsonEffective[0]).toBeGreaterThan(c.wilson[1] - c.wilson[0]);
    // One task per group: no between-task variation to estimate, so no ICC.
    expect(c.byGroup.no_files).toMatchObject({
      runs: 3,
      passed: 2,
      tasks: 1,
      icc: null,
      effectiveN: null,
      wilsonEffective: null,
    });
  });

  it("filters by session, charging and trial, and rejects a bad filter", async () => {
    const s1 = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "real", suite: "mini", configs: ["files"], tasks: ["sum"], repeats: 1 },
      })
    ).body.session;
    await dash.call("POST", "/api/sessions", {
      json: { name: "trial", suite: "mini", configs: ["bash"], tasks: ["sum"], trial: true },
    });
    await runAll((job) => ({
      reply: "31",
      conditions: { thermalAtStart: "nominal", charging: job.config.id === "bash" },
    }));
    const all = (await dash.call("GET", "/api/analytics/configs")).body.configs.map(
      (c: { configId: string }) => c.configId,
    );
    expect(all).toEqual(["files"]);
    // Trials included, no session named: the newest session (the trial) alone, unless pooled on purpose.
    const newest = (await dash.call("GET", "/api/analytics/configs?includeTrial=1")).body.configs.map(
      (c: { configId: string }) => c.configId,
    );
    expect(newest).toEqual(["bash"]);
    const withTrial = (await dash.call("GET", "/api/analytics/configs?includeTrial=1&allSessions=1")).body.configs.map(
      (c: { configId: string }) => c.configId,
    );
    expect(withTrial).toEqual(["bash", "files"]);
    const charging = (await dash.call("GET", "/api/analytics/configs?includeTrial=1&charging=true")).body.configs.map(
      (c: { configId: string }) => c.configId,
    );
    expect(charging).toEqual(["bash"]);
    const one = (await dash.call("GET", `/api/analytics/configs?session=${s1.id}&includeTrial=1`)).body.configs;
    expect(one.map((c: { configId: string }) => c.configId)).toEqual(["files"]);
    const bad = await dash.call("GET", "/api/analytics/configs?thermal=boiling");
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("thermal");
  });
});

describe("GET /api/analytics/tasks and /outcomes", () => {
  it("gives the task grid and outcome distributions over the same filtered runs", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "g", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
    });
    await runAll((job) => ({
      reply: job.task.id === "sum" && job.config.id === "files" ? "31" : "Could you tell me more?",
    }));
    const grid = (await dash.call("GET", "/api/analytics/tasks")).body;
    expect(grid.tasks.map((t: { taskId: string }) => t.taskId)).toEqual(["sum", "dentist-todo"]);
    expect(grid.configs).toEqual(["bash", "files"]);
    expect(grid.cells.sum).toEqual({ bash: { runs: 2, passed: 0 }, files: { runs: 2, passed: 2 } });
    expect(grid.deterministicTasks).toBe(2);
    const outcomes = (await dash.call("GET", "/api/analytics/outcomes")).body.outcomes;
    expect(outcomes.all.find((r: { configId: string }) => r.configId === "files").counts).toMatchObject({
      finished: 2,
      asked_instead: 2,
    });
    expect(outcomes.files.map((r: { configId: string; total: number }) => [r.configId, r.total])).toEqual([
      ["bash", 2],
      ["files", 2],
    ]);
    expect(outcomes.multi_step).toEqual([]);
  });
});
