import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

describe("GET /api/plan", () => {
  it("answers Connor's pairs without sessions", async () => {
    const r = await dash.call("GET", "/api/plan?psi=0.2&delta=0.1&alpha=0.05&power=0.8");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pairs: 155, psi: 0.2, evidence: null });
  });

  it("estimates ψ, the ICC and the third-repeat count from the sessions", async () => {
    const s = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "p", suite: "mini", configs: ["files", "bash"], tasks: "all", repeats: 3, order: "blocked" },
      })
    ).body.session;
    // sum: files passes every repeat, bash only repeat 3; dentist-todo: nobody passes.
    await runQueue(dash, token, (job) => ({
      reply: job.task.id === "sum" && (job.config.id === "files" || job.repeat === 3) ? "31" : "No.",
    }));
    const r = await dash.call("GET", `/api/plan?session=${s.id}&delta=0.1`);
    expect(r.status).toBe(200);
    // Pairs by (task, repeat): sum 1 and 2 disagree, sum 3 and dentist 1–3 agree → ψ = 2/6.
    expect(r.body.evidence).toMatchObject({
      pairedRuns: 6,
      discordant: 2,
      tasks: 2,
      repeats: 3,
      thirdRepeat: { cells: 4, changed: 1, split: 0 },
    });
    // ICC: files (3/3 | 0/3) = 1; bash (1/3 | 0/3): MSB = 1/6 = MSW → 0; mean 0.5.
    expect(r.body.icc).toBeCloseTo(0.5, 12);
    expect(r.body.psi).toBeCloseTo(1 / 3, 12);
    // Connor at ψ 1/3, δ 0.1 (scipy): 259.26 → 260 pairs; tasks = ⌈260·(1 + (m − 1)·0.5)/m⌉.
    expect(r.body.pairs).toBe(260);
    expect(r.body.tasksByRepeats.map((x: { tasks: number }) => x.tasks)).toEqual([260, 195, 174, 156]);
    // 2 tasks × 3 repeats ÷ deff 2 = 3 effective pairs: nothing is detectable.
    expect(r.body.current).toMatchObject({ tasks: 2, repeats: 3, effectivePairs: 3, detectable: null });
  });

  it("refuses a bad parameter with a sentence and the field", async () => {
    const r = await dash.call("GET", "/api/plan?psi=2");
    expect(r.status).toBe(400);
    expect(r.body.error.issues[0].path).toBe("psi");
    expect(r.body.error.message).toMatch(/fractions between 0 and 1/);
  });
});
