import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";
import { AnalyticsFilter } from "@/domain/analytics/filter";
import { peakContextAnalytics } from "@/server/analytics/peakContext";
import { peakContextView } from "@/domain/analytics/peakContext";

let dash: TestDashboard;
afterEach(() => dash.close());

async function setup(suitesDir?: string) {
  dash = await testDashboard(suitesDir);
  return (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token as string;
}

async function runAll(token: string, shape: (job: any, i: number) => object) {
  for (let i = 0; ; i++) {
    const r = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    if (r.status === 204) return;
    const job = r.body.job;
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
          json: { ...traceFor(job), ...shape(job, i) },
          token,
        })
      ).status,
    ).toBe(201);
  }
}
const turn = (promptTokens: number) => ({
  promptTokens,
  contextTokens: 400,
  ttftMs: 170 + (26 * promptTokens) / 5,
  outputTokens: 20,
  decodeMs: 900,
  text: "",
  toolCalls: [],
});

describe("GET /api/analytics/ttft/points", () => {
  it("returns every turn up to the cap and a stable sample of exactly `max` beyond it", async () => {
    const token = await setup();
    await dash.call("POST", "/api/sessions", {
      json: { name: "t", suite: "mini", configs: ["files", "bash"], tasks: ["sum"], repeats: 3, order: "blocked" },
    });
    await runAll(token, (_job, i) => ({ turns: [turn(100 + 5 * i), turn(200 + 5 * i), turn(300 + 5 * i)] }));

    const all = await dash.call("GET", "/api/analytics/ttft/points");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ points: "turns", total: 18, shown: 18, sampled: false });
    expect(new Set(all.body.data.map((p: { configId: string }) => p.configId))).toEqual(new Set(["files", "bash"]));
    // Every point lies on the line the turns were generated from.
    for (const p of all.body.data) expect(p.y).toBeCloseTo(170 + 5.2 * p.x, 6);

    const some = await dash.call("GET", "/api/analytics/ttft/points?max=5");
    expect(some.body).toMatchObject({ total: 18, shown: 5, sampled: true });
    expect((await dash.call("GET", "/api/analytics/ttft/points?max=5")).body.data).toEqual(some.body.data);

    const loads = await dash.call("GET", "/api/analytics/ttft/points?points=loads");
    expect(loads.body).toMatchObject({ points: "loads", total: 6, shown: 6 });
    expect((await dash.call("GET", "/api/analytics/ttft/points?points=all")).body.total).toBe(24);
    expect((await dash.call("GET", "/api/analytics/ttft/points?max=-1")).status).toBe(400);
    expect((await dash.call("GET", "/api/analytics/ttft/points?points=x")).status).toBe(400);
  });
});

describe("GET /api/analytics/context", () => {
  it("gives each multi-step run's peak context against the window, marking context_full", async () => {
    const token = await setup(path.join(__dirname, "..", "..", "suites"));
    await dash.call("POST", "/api/sessions", {
      json: {
        name: "c",
        configs: ["files-plan", "bash"],
        tasks: ["dentist-todo-reminder", "vet-booster", "bakery-give-number"],
        repeats: 2,
        order: "blocked",
      },
    });
    await runAll(token, (job) =>
      job.config.id === "files-plan" && job.task.id === "dentist-todo-reminder"
        ? { peakContextTokens: 2010, end: { reason: "context_full" } }
        : { peakContextTokens: job.config.id === "bash" ? 700 : 1600 },
    );
    const r = await dash.call("GET", "/api/analytics/context");
    expect(r.status).toBe(200);
    expect(r.body.tasks).toEqual(["dentist-todo-reminder", "vet-booster"]);
    expect(r.body.windows).toEqual([2048]);
    expect(r.body.summary).toEqual([
      { configId: "bash", runs: 4, contextFull: 0, maxPeak: 700 },
      { configId: "files-plan", runs: 4, contextFull: 2, maxPeak: 2010 },
    ]);
    const fp = r.body.series.find((s: { configId: string }) => s.configId === "files-plan");
    expect(
      fp.points.filter((p: { contextFull: boolean }) => p.contextFull).map((p: { taskId: string }) => p.taskId),
    ).toEqual(["dentist-todo-reminder", "dentist-todo-reminder"]);
    expect((await dash.call("GET", "/api/analytics/context?thermal=boiling")).status).toBe(400);
    expect(r.body).toMatchObject({ total: 8, shown: 8, sampled: false });

    // Past the most points a chart draws, a fixed sample is drawn; the axis, lines and counts stay every run's.
    const all = AnalyticsFilter.parse({ allSessions: true });
    const whole = await peakContextAnalytics(dash.ctx, all);
    const sample = await peakContextAnalytics(dash.ctx, all, 3);
    expect(sample).toMatchObject({ total: 8, shown: 3, sampled: true });
    expect(sample).toMatchObject({ tasks: whole.tasks, windows: whole.windows, summary: whole.summary });
    expect(await peakContextAnalytics(dash.ctx, all, 3)).toEqual(sample); // the same sample every time
    const drawn = sample.series.flatMap((s) => s.points.map((p) => ({ ...s, ...p })));
    expect(drawn).toHaveLength(3);
    const byRun = new Map(whole.series.flatMap((s) => s.points.map((p) => [p.runId, { ...s, ...p }])));
    for (const p of drawn)
      expect(byRun.get(p.runId)).toMatchObject({
        configId: p.configId,
        taskId: p.taskId,
        y: p.y,
        contextFull: p.contextFull,
      });
  });

  it("is empty without multi-step runs", async () => {
    await setup();
    expect((await dash.call("GET", "/api/analytics/context")).body).toEqual(peakContextView([]));
  });
});
