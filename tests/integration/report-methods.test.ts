import { describe, expect, it } from "vitest";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";
import { methodsFacts } from "@/server/report/methodsFacts";
import { failingRuns } from "@/server/report/failingRuns";
import { methodsParagraph } from "@/domain/report/methods";
import { AnalyticsFilter } from "@/domain/analytics/filter";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const session = async (json: object) =>
  (await dash.call("POST", "/api/sessions", { json: { suite: "mini", tasks: "all", order: "blocked", ...json } })).body
    .session.id as string;

describe("methodsFacts", () => {
  it("counts what the report describes and what it leaves out of the selected sessions, and why", async () => {
    const main = await session({ name: "main", configs: ["files", "bash"], repeats: 2 });
    await runQueue(dash, token, (job) =>
      job.task.id === "sum"
        ? { reply: "31", load: { startupTokens: job.config.id === "bash" ? 300 : 1138, ms: 2000 } }
        : { reply: "Done." },
    );
    const trial = await session({ name: "dry run", configs: ["files"], repeats: 1, trial: true });
    await runQueue(dash, token, () => ({ reply: "31" }));
    const open = await session({ name: "unfinished", configs: ["bash"], repeats: 1 });

    const filter = AnalyticsFilter.parse({ sessions: [main, trial, open] });
    const f = await methodsFacts(dash.ctx, filter);
    expect(f.sessions.map((s) => s.name)).toEqual(["main"]);
    expect(f.scoredRuns).toBe(8);
    expect(f.configs.map((c) => [c.configId, c.runs, c.versions])).toEqual([
      ["bash", 4, [1]],
      ["files", 4, [1]],
    ]);
    expect(f.tasks.byGroup).toMatchObject({ files: 1, no_files: 1 });
    expect(f.excluded).toMatchObject({
      trialRuns: 2,
      supersededRuns: 0,
      filteredRuns: 0,
      unfinishedJobs: 2,
      cancelledJobs: 0,
      failedJobs: [],
    });
    expect(f.firstRunAt! <= f.lastRunAt!).toBe(true);
    expect(methodsParagraph(f).at(-1)).toContain(
      "left out: 2 runs of trial sessions (marked as trials when queued) and 2 jobs still queued or running",
    );

    // Asking for trial runs counts them instead; a build filter leaves runs out by name.
    expect(await methodsFacts(dash.ctx, { ...filter, includeTrial: true })).toMatchObject({
      scoredRuns: 10,
      excluded: { trialRuns: 0 },
    });
    const byBuild = await methodsFacts(dash.ctx, { ...filter, build: "no-such-build" });
    expect(byBuild.scoredRuns).toBe(0);
    expect(byBuild.excluded).toMatchObject({ filteredRuns: 8, filters: ["build no-such-build"] });

    // The failing runs the report gives trace pages: the dentist task's "Done." without a todo.
    const failing = await failingRuns(dash.ctx, filter);
    expect(failing.map((r) => [r.taskId, r.configId, r.repeat])).toEqual([
      ["dentist-todo", "bash", 1],
      ["dentist-todo", "bash", 2],
      ["dentist-todo", "files", 1],
      ["dentist-todo", "files", 2],
    ]);
  });
});
