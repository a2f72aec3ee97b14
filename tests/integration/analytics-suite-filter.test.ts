import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";
import { filterOptions } from "@/server/analytics/filterOptions";
import { methodsFacts } from "@/server/report/methodsFacts";
import { AnalyticsFilter } from "@/domain/analytics/filter";

/** The `suite` filter (issue 33.4), added through the field list alone; on SQLite and PostgreSQL. */
let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

/** "mini" runs files on both tasks (4 runs); a minute later "mini-copy", the same suite under another id, runs bash (2 runs). */
async function twoSuites() {
  const mini = (await dash.call("GET", "/api/suites/mini")).body.suite;
  expect((await dash.call("POST", "/api/suites", { json: { ...mini, id: "mini-copy" } })).status).toBe(201);
  const session = async (suite: string, config: string, repeats: number) =>
    (
      await dash.call("POST", "/api/sessions", {
        json: { name: suite, suite, configs: [config], repeats, order: "blocked" },
      })
    ).body.session.id as string;
  const older = await session("mini", "files", 2);
  await runQueue(dash, token, () => ({ reply: "Done." }));
  dash.advance(60_000);
  const newer = await session("mini-copy", "bash", 1);
  await runQueue(dash, token, () => ({ reply: "31" }));
  return { older, newer };
}

const get = async (url: string) => {
  const r = await dash.call("GET", url);
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};
const runsOf = (body: { configs: { configId: string; runs: number }[] }) =>
  body.configs.map((c) => `${c.configId}:${c.runs}`);

describe("the suite filter", () => {
  it("narrows analytics, the runs explorer and the exports to one suite's sessions", async () => {
    const { older, newer } = await twoSuites();
    expect(runsOf(await get("/api/analytics/configs?allSessions=1"))).toEqual(["bash:2", "files:4"]);
    expect(runsOf(await get("/api/analytics/configs?allSessions=1&suite=mini"))).toEqual(["files:4"]);
    expect(runsOf(await get("/api/analytics/configs?allSessions=1&suite=mini-copy"))).toEqual(["bash:2"]);
    // Medians over turn_facts (the per-turn time) read the same filter.
    const files = (await get("/api/analytics/configs?allSessions=1&suite=mini")).configs[0];
    expect(files.medianTurnMs).not.toBeNull();
    expect(runsOf(await get(`/api/analytics/configs?session=${newer}&suite=mini`))).toEqual([]);

    // No session named: the newest session of that suite, not the newest of all.
    expect((await get("/api/analytics/selection")).sessions.map((s: { id: string }) => s.id)).toEqual([newer]);
    expect((await get("/api/analytics/selection?suite=mini")).sessions.map((s: { id: string }) => s.id)).toEqual([
      older,
    ]);

    expect((await get("/api/runs?suite=mini-copy")).total).toBe(2);
    const csv = (await get(`/api/export/runs.csv?suite=mini`)) as string;
    expect(csv.trim().split("\n")).toHaveLength(1 + 4);
  });

  it("is offered by the filter bar, said in the methods paragraph, and refused when it cannot be an id", async () => {
    await twoSuites();
    expect((await filterOptions(dash.ctx)).suites).toEqual(["mini", "mini-copy"]);
    const facts = await methodsFacts(dash.ctx, AnalyticsFilter.parse({ allSessions: true, suite: "mini" }));
    expect(facts.excluded.filters).toEqual(["suite mini"]);
    expect(facts.scoredRuns).toBe(4);
    const bad = await dash.call("GET", `/api/analytics/configs?suite=${"x".repeat(81)}`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain("suite");
  });
});
