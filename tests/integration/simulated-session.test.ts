import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDevice } from "@/sim";
import { OUTCOMES } from "@/domain/scoring/types";
import { testDashboard, type TestDashboard } from "../support/server";

// A whole simulated session over the default suite: every config (7 ablation steps and 3
// context-management variants), every task, two repeats,
// two phones, through the real route handlers (no network, no waiting).
let dash: TestDashboard;
let sessionId: string;

beforeAll(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  const suite = (await dash.call("GET", "/api/suites/phone-20")).body.suite;
  const token = (await dash.call("POST", "/api/devices", { json: { name: "sims" } })).body.token;
  const created = await dash.call("POST", "/api/sessions", {
    json: { name: "all steps", configs: suite.configs.map((c: { id: string }) => c.id), repeats: 2, seed: 3 },
  });
  sessionId = created.body.session.id;
  const phone = (n: number) =>
    runDevice({
      url: "http://127.0.0.1:3000",
      token,
      deviceId: `sim-${n}`,
      // A seed whose runs hold a re-patch, which is rare (about 1 in 480 runs here): the content is
      // the seed's alone, so this stays true run after run (src/sim/README.md, Determinism).
      seed: 6,
      stopWhenIdle: true,
      waitSeconds: 0,
      speed: 1e9,
      fetch: dash.fetch,
      sleep: () => Promise.resolve(),
    });
  await Promise.all([phone(1), phone(2)]);
}, 300_000);
afterAll(() => dash.close());

const rows = async <T>(sql: string, ...args: unknown[]) => (await dash.rows(sql, ...args)) as T[];

describe("a simulated session over the default suite", () => {
  it("completes every job exactly once", async () => {
    const s = (await dash.call("GET", `/api/sessions/${sessionId}`)).body.session;
    expect(s.counts).toEqual({ queued: 0, leased: 0, completed: 24 * 10 * 2, failed: 0, cancelled: 0 });
    expect(await dash.count("SELECT COUNT(*) AS n FROM runs WHERE superseded = FALSE")).toBe(24 * 10 * 2);
  });

  it("produces every outcome label, each with a reason", async () => {
    const got = await rows<{ outcome: string; reason: string }>(
      "SELECT outcome, MIN(outcome_reason) AS reason FROM scores WHERE current = TRUE GROUP BY outcome",
    );
    expect(got.map((g) => g.outcome).sort()).toEqual([...OUTCOMES].sort());
    for (const g of got) expect(g.reason.length).toBeGreaterThan(10);
  });

  it("produces loops, re-patches and partial milestone progress", async () => {
    const [s] = await rows<{ looping: number; repatched: number; partial: number }>(
      `SELECT SUM(CASE WHEN looping THEN 1 ELSE 0 END) AS looping, SUM(CASE WHEN repatches > 0 THEN 1 ELSE 0 END) AS repatched,
              SUM(CASE WHEN milestones_reached > 0 AND milestones_reached < milestones_total THEN 1 ELSE 0 END) AS partial
         FROM scores WHERE current = TRUE`,
    );
    expect(s.looping).toBeGreaterThan(0);
    expect(s.repatched).toBeGreaterThan(0);
    expect(s.partial).toBeGreaterThan(0);
  });

  it("gives the bare model no file task and the worked examples the most passes", async () => {
    const byConfig = Object.fromEntries(
      (
        await rows<{ config_id: string; p: number; n: number }>(
          "SELECT r.config_id, SUM(CASE WHEN s.passed THEN 1 ELSE 0 END) AS p, COUNT(*) AS n FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = TRUE GROUP BY r.config_id",
        )
      ).map((r) => [r.config_id, r.p / r.n]),
    );
    const bareFiles = (
      await rows<{ p: number }>(
        `SELECT SUM(CASE WHEN s.passed THEN 1 ELSE 0 END) AS p FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = TRUE
        JOIN tasks t ON t.suite_id = 'phone-20' AND t.task_id = r.task_id AND t.version = r.task_version
       WHERE r.config_id = 'bare' AND t.group_name != 'no_files'`,
      )
    )[0].p;
    expect(bareFiles).toBe(0);
    expect(byConfig["bash-plan-examples"]).toBeGreaterThan(byConfig["files"]);
  });

  it("shows context management on the proficiency page for the three context configs", async () => {
    const { context } = (await dash.call("GET", `/api/analytics/proficiency?session=${sessionId}`)).body;
    const by = Object.fromEntries(context.map((r: { configId: string }) => [r.configId, r]));
    expect(Object.keys(by).sort()).toEqual([
      "bash-plan-examples-elide",
      "bash-plan-examples-staged",
      "bash-plan-examples-summarize",
    ]);
    expect(by["bash-plan-examples-elide"].elide).toBeGreaterThan(0);
    expect(by["bash-plan-examples-elide"].summarize).toBe(0);
    // Summaries start at 85% of the window, which only the rare long runs reach (tests/unit/sim/context.test.ts).
    expect(by["bash-plan-examples-summarize"]).toMatchObject({ runs: 48, elide: 0 });
    expect(by["bash-plan-examples-staged"].elide).toBeGreaterThan(0);
    for (const r of context) expect(r.overflowRuns).toBeLessThanOrEqual(r.runs);
  });
  it("answers each run's metrics whole, from the score row's columns and the JSON of the rest (ADR 21)", async () => {
    type Turn = { ttftMs: number; decodeMs: number; outputTokens: number; toolCalls: { ok: boolean }[] };
    const ids = await rows<{ id: string }>("SELECT id FROM runs ORDER BY id LIMIT 12");
    expect(ids).toHaveLength(12);
    for (const { id } of ids) {
      const { trace, score } = (await dash.call("GET", `/api/runs/${id}`)).body;
      const turns = trace.turns as Turn[];
      const calls = turns.flatMap((t) => t.toolCalls);
      const times = turns.map((t) => t.ttftMs + t.decodeMs).sort((a, b) => a - b);
      const mid = times.length >> 1;
      expect(Object.keys(score.metrics)).toEqual([
        "toolCalls",
        "failedToolCalls",
        "turns",
        "firstTtftMs",
        "medianTurnMs",
        "loadMs",
        "startupTokens",
        "peakContextTokens",
        "peakContextShare",
        "outputTokens",
        "contextEvents",
        "unparsedCallTurns",
      ]);
      expect(score.metrics).toMatchObject({
        toolCalls: calls.length,
        failedToolCalls: calls.filter((c) => !c.ok).length,
        turns: turns.length,
        firstTtftMs: turns.length ? turns[0].ttftMs : null,
        medianTurnMs: !times.length ? null : times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2,
        loadMs: trace.load.ms,
        startupTokens: trace.load.startupTokens,
        peakContextTokens: trace.peakContextTokens,
        outputTokens: turns.reduce((a, t) => a + t.outputTokens, 0),
      });
      const stored = (await dash.row("SELECT metrics FROM scores WHERE run_id = ? AND current", id)) as {
        metrics: string;
      };
      expect(Object.keys(JSON.parse(stored.metrics))).toEqual([
        "peakContextShare",
        "contextEvents",
        "unparsedCallTurns",
      ]);
    }
  });
});
