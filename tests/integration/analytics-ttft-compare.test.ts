import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const runAll = (shape: (job: any, i: number) => object) => runQueue(dash, token, shape);
const turn = (promptTokens: number) => ({
  promptTokens,
  contextTokens: 400,
  ttftMs: 170 + (26 * promptTokens) / 5,
  outputTokens: 20,
  decodeMs: 900,
  text: "",
  toolCalls: [],
});

describe("GET /api/analytics/ttft", () => {
  it("fits TTFT = 170 ms + 5.2 ms/token exactly and predicts each config's load", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "t", suite: "mini", configs: ["files", "bash"], tasks: ["sum"], repeats: 2, order: "blocked" },
    });
    await runAll((job, i) => {
      const startup = job.config.id === "files" ? 1350 : 300;
      return {
        load: { startupTokens: startup, ms: 170 + (26 * startup) / 5 + 100 },
        turns: [turn(100 + 100 * i), turn(150 + 100 * i)],
      };
    });
    const r = await dash.call("GET", "/api/analytics/ttft");
    expect(r.status).toBe(200);
    expect(r.body.fit.n).toBe(8);
    expect(r.body.fit.slopeMsPerToken).toBeCloseTo(5.2, 9);
    expect(r.body.fit.interceptMs).toBeCloseTo(170, 6);
    expect(r.body.fit.r2).toBeCloseTo(1, 9);
    const files = r.body.configs.find((c: { configId: string }) => c.configId === "files");
    expect(files).toMatchObject({ startupTokens: 1350, measuredLoadMs: 170 + 7020 + 100 });
    expect(files.predictedLoadMs).toBeCloseTo(170 + 7020, 6);
    expect(r.body.builds).toHaveLength(1);
    expect(r.body.builds[0]).toMatchObject({ device: "iphone15pro-a", build: "3f2c1e9", vsPrevious: null });

    const loads = await dash.call("GET", "/api/analytics/ttft?points=loads");
    expect(loads.body.fit.n).toBe(4);
    expect(loads.body.fit.slopeMsPerToken).toBeCloseTo(5.2, 9);
    expect(loads.body.fit.interceptMs).toBeCloseTo(270, 6);
    expect((await dash.call("GET", "/api/analytics/ttft?points=all")).body.fit.n).toBe(12);
    expect((await dash.call("GET", "/api/analytics/ttft?points=some")).status).toBe(400);

    // The load contrast, as the latency page shows it: most vs fewest median start-up tokens by
    // default (files 1,350 vs bash 300), 1,050 × 5.2 = 5,460 ms predicted; measured 7,290 − 1,830.
    expect(r.body.contrast).toMatchObject({ a: "files", b: "bash", aTokens: 1350, bTokens: 300, tokenDiff: 1050 });
    expect(r.body.contrast.predicted.ms).toBeCloseTo(5460, 6);
    expect(r.body.contrast.measuredDiffMs).toBeCloseTo(5460, 6);
    const picked = await dash.call("GET", "/api/analytics/ttft?a=bash&b=files");
    expect(picked.body.contrast).toMatchObject({ a: "bash", b: "files", tokenDiff: -1050 });
    expect(picked.body.contrast.predicted.ms).toBeCloseTo(-5460, 6);
    const unknown = await dash.call("GET", "/api/analytics/ttft?a=files-plan");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({
      code: "invalid_request",
      message:
        "Config `files-plan` has no start-up tokens in this selection, so it cannot be contrasted; pick one of: `bash`, `files`.",
      issues: [
        {
          path: "a",
          message:
            "Config `files-plan` has no start-up tokens in this selection, so it cannot be contrasted; pick one of: `bash`, `files`.",
        },
      ],
    });
  });

  it("has no fit without data", async () => {
    const r = await dash.call("GET", "/api/analytics/ttft");
    expect(r.body).toEqual({ points: "turns", fit: null, configs: [], builds: [], contrast: null });
  });
});

describe("GET /api/analytics/compare", () => {
  it("lists improved, degraded and unchanged tasks with the permutation, sign and McNemar tests over tasks", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "c", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 2, order: "blocked" },
    });
    const todo = [
      { path: "/notes/health.md", content: "Dentist: Tuesday 14 March at 10:30, Dr. Lee.\n" },
      { path: "/todo.md", content: "- [ ] buy milk\n- [ ] Dentist 14 March 10:30\n" },
    ];
    // files passes the sum and fails the todo; bash the other way round.
    await runAll((job) =>
      job.config.id === "files"
        ? job.task.id === "sum"
          ? { reply: "31" }
          : { reply: "Done." }
        : job.task.id === "sum"
          ? { reply: "29" }
          : { reply: "Added.", workspace: { files: todo } },
    );
    const r = await dash.call("GET", "/api/analytics/compare?a=files&b=bash");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      improved: ["dentist-todo"],
      degraded: ["sum"],
      unchanged: [],
      taskCount: 2,
      difference: 0,
      permutationP: 1,
      permutation: { p: 1, method: "exact", draws: null, seed: null, tasks: 2 },
      signTestP: 1,
      mcnemarP: 1,
      // Tasks, not runs: sum passes under files only, the todo under bash only.
      pairs: { both: 0, aOnly: 1, bOnly: 1, neither: 0, undecided: 0 },
      calibration: { draws: 1000, rejected: 0, rate: 0, seed: 31, alpha: 0.05 },
      warnings: [],
    });
    expect(r.body.method).toBe(
      "Unit: the task. Each of the 2 tasks run on both sides counts once, as b's pass share over its repeats minus a's; p is the two-sided sign-flip permutation test over tasks (exact: all 4 sign assignments counted), so repeats of a task are never counted as independent runs. With 2 tasks the smallest possible p is 0.5, so this test cannot reach α 0.05 whatever the runs say: add tasks (6 at least), not repeats.",
    );
    // Task bootstrap: a draw of {sum, sum} gives 0/4 − 4/4 = −1 (chance ¼), {todo, todo} +1 (¼),
    // a mixed draw 0 (½); so the 2.5% and 97.5% points are −1 and +1 around the observed 0.
    expect(r.body.bootstrap).toEqual({ diff: 0, ci: [-1, 1], resamples: 10_000, seed: 19, tasks: 2 });
    const missing = await dash.call("GET", "/api/analytics/compare?a=files");
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues[0].path).toBe("b");
  });
});
