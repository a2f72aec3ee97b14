/** Issue 20.3: cost per success over stored runs, checked against hand-computed values. */
import { afterEach, beforeEach, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
beforeEach(async () => {
  dash = await testDashboard();
});
afterEach(() => dash.close());

it("GET /api/analytics/cost: phone seconds and tokens per success, battery from consecutive unplugged runs", async () => {
  const { token } = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body;
  const ses = (
    await dash.call("POST", "/api/sessions", {
      json: { name: "s", suite: "mini", configs: ["files"], tasks: ["dentist-todo"], repeats: 3, order: "blocked" },
    })
  ).body.session.id;
  // Three runs on one phone, 0.9 → 0.88 → 0.85 unplugged; the second passes.
  const battery = [0.9, 0.88, 0.85];
  for (let i = 0; i < 3; i++) {
    const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    const base = traceFor(job, { reply: "" });
    const trace = {
      ...base,
      startedAt: `2026-10-14T09:0${i}:01Z`,
      endedAt: `2026-10-14T09:0${i}:09Z`,
      conditions: { thermalAtStart: "nominal", charging: false, battery: battery[i] },
      ...(i === 1
        ? {
            workspace: {
              files: job.task.workspace.files.map((f: { path: string; content: string }) =>
                f.path === "/todo.md" ? { ...f, content: f.content + "\n- [ ] Dentist 14 March" } : f,
              ),
            },
            reply: "Added.",
          }
        : {}),
    };
    const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: trace, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const passed = (await dash.row(
    "SELECT SUM(CASE WHEN passed THEN 1 ELSE 0 END) AS n FROM scores WHERE current = TRUE",
  )) as {
    n: number;
  };
  const r = await dash.call("GET", `/api/analytics/cost?session=${ses}`);
  expect(r.status).toBe(200);
  const [c] = r.body.configs;
  // Each run: load 2200 + ttft 320 + decode 2000 = 4520 ms, 40 output tokens.
  expect(passed.n).toBe(1);
  expect(c).toMatchObject({ configId: "files", runs: 3, passed: 1 });
  expect(c.phoneSecondsPerSuccess).toBeCloseTo(3 * 4.52, 9);
  expect(c.outputTokensPerSuccess).toBe(120);
  // Drops 2 and 3 points over the first two runs; the last run has no next run.
  expect(c.battery.runs).toBe(2);
  expect(c.battery.pointsPerRun).toBeCloseTo(2.5, 9);
  expect(c.battery.pointsPerSuccess).toBeCloseTo(5, 9); // 5 points over the one measured pass
  expect(r.body.note).toMatch(/approximate/);
});

it("GET /api/analytics/states: splits the stored runs by thermal state at start and charging, and says they are mixed", async () => {
  const { token } = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body;
  const ses = (
    await dash.call("POST", "/api/sessions", {
      json: { name: "s", suite: "mini", configs: ["files"], tasks: ["dentist-todo"], repeats: 3, order: "blocked" },
    })
  ).body.session.id;
  const states = [
    ["nominal", false, 300],
    ["nominal", false, 340],
    ["serious", true, 500],
  ] as const;
  for (const [thermal, charging, ttft] of states) {
    const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
    const t = traceFor(job);
    const trace = { ...t, conditions: { thermalAtStart: thermal, charging }, turns: [{ ...t.turns[0], ttftMs: ttft }] };
    expect((await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: trace, token })).status).toBe(201);
  }
  const r = (await dash.call("GET", `/api/analytics/states?session=${ses}`)).body;
  // nominal: turns 2300 and 2340 → median 2320; serious: 2500.
  expect(
    r.thermal.map((g: { state: string; runs: number; medianTurnMs: number }) => [g.state, g.runs, g.medianTurnMs]),
  ).toEqual([
    ["nominal", 2, 2320],
    ["serious", 1, 2500],
  ]);
  expect(r.charging.map((g: { state: string; runs: number }) => [g.state, g.runs])).toEqual([
    ["on battery", 2],
    ["charging", 1],
  ]);
  expect(r.warning).toMatch(/^This selection mixes thermal states at start \(nominal 2, serious 1 runs\)/);
});
