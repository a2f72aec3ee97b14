import { describe, expect, it } from "vitest";
import { dashboardPerTest, pollBody, runQueue, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const ids = (r: { body: { configs: { configId: string; runs: number }[] } }) =>
  r.body.configs.map((c) => `${c.configId}:${c.runs}`);

/** "older" runs files (sum passes); "newer", a minute later, runs bash on a charging phone of another build. */
async function twoSessions() {
  const older = (
    await dash.call("POST", "/api/sessions", {
      json: { name: "older", suite: "mini", configs: ["files"], repeats: 2, order: "blocked" },
    })
  ).body.session.id as string;
  await runQueue(dash, token, (job) => ({ reply: job.task.id === "sum" ? "31" : "Done." }));
  dash.advance(60_000);
  const newer = (
    await dash.call("POST", "/api/sessions", {
      json: { name: "newer", suite: "mini", configs: ["bash"], repeats: 1, order: "blocked" },
    })
  ).body.session.id as string;
  await runQueue(dash, token, (job) => ({
    reply: "31",
    build: { commit: "9999999", app: "0.8.0", runtime: "rn-executorch", model: "qwen3-1.7b" },
    conditions: { thermalAtStart: "nominal", charging: job.task.id === "sum" },
  }));
  return { older, newer };
}

describe("which sessions analytics read", () => {
  it("reads the newest non-trial session when none is named, and pools only on purpose", async () => {
    const { older, newer } = await twoSessions();
    // A trial session created last is not the default.
    dash.advance(60_000);
    const trial = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "a trial", suite: "mini", configs: ["files"], tasks: ["sum"], trial: true },
      })
    ).body.session.id as string;
    await runQueue(dash, token, () => ({ reply: "31" }));

    expect(ids(await dash.call("GET", "/api/analytics/configs"))).toEqual(["bash:2"]);
    expect(ids(await dash.call("GET", "/api/analytics/configs?allSessions=1"))).toEqual(["bash:2", "files:4"]);
    expect(ids(await dash.call("GET", `/api/analytics/configs?session=${older}`))).toEqual(["files:4"]);
    // The grid reads the same default as the config table.
    const grid = (await dash.call("GET", "/api/analytics/tasks")).body;
    expect(grid.configs).toEqual(["bash"]);

    const sel = (await dash.call("GET", "/api/analytics/selection")).body;
    expect(sel).toMatchObject({ mode: "default", unknown: [], duplicates: [] });
    expect(sel.sessions.map((s: { id: string }) => s.id)).toEqual([newer]);
    expect(sel.headline).toBe(
      "Showing the newest session, “newer” (2 runs): pick others above to add or compare them.",
    );
    // Within the newest session the phone was charging for one run and not the other.
    expect(sel.warnings).toEqual([
      "It mixes charging states (charging and on battery): timings blend them; pick one under Charging.",
    ]);

    // Both sessions: another model and build, and two sessions, are named above the figures.
    const both = (await dash.call("GET", `/api/analytics/selection?session=${older}&session=${newer}`)).body;
    expect(both.mode).toBe("chosen");
    expect(both.warnings).toEqual([
      "This selection pools 2 sessions (“newer” and “older”): session-to-session differences blend into every figure; tick one session to read it alone.",
      "It mixes 2 models (gemma-4-e2b and qwen3-1.7b): pass rates and timings blend them; pick the sessions of one model.",
      "It mixes 2 app builds (3f2c1e9 and 9999999): timings blend them; pick one under Build.",
      "It mixes charging states (charging and on battery): timings blend them; pick one under Charging.",
    ]);
    // The same notices at their level, most severe first (src/domain/analytics/notices.ts).
    expect(both.notices.map((n: { kind: string; severity: string }) => `${n.severity}:${n.kind}`)).toEqual([
      "misleading:unbalanced",
      "misleading:mixedModels",
      "misleading:mixedBuilds",
      "caution:mixedCharging",
      "caution:oneRepeat",
      "info:pooledSessions",
    ]);
    expect(both.hidden).toBeNull();

    // The trial session alone reads 0 runs while trials are left out: said, with the switch to turn on.
    const onlyTrial = (await dash.call("GET", `/api/analytics/selection?session=${trial}`)).body;
    expect(onlyTrial.hidden).toEqual({
      text: "“a trial” is a trial session, and trial runs are left out unless “include trial runs” is ticked: include them to read its run.",
      set: { includeTrial: true },
    });
    expect(onlyTrial.notices).toContainEqual({ kind: "hiddenRuns", severity: "caution", text: onlyTrial.hidden.text });
    const withTrial = (await dash.call("GET", `/api/analytics/selection?session=${trial}&includeTrial=1`)).body;
    expect(withTrial.sessions[0].runs).toBe(1);
    expect(withTrial.hidden).toBeNull();
  });

  it("with only trial runs and none named, says so and offers the switch, which finds them", async () => {
    await dash.call("POST", "/api/sessions", {
      json: { name: "dry run", suite: "mini", configs: ["files"], tasks: ["sum"], trial: true },
    });
    await runQueue(dash, token, () => ({ reply: "31" }));
    const sel = (await dash.call("GET", "/api/analytics/selection")).body;
    expect(sel.headline).toBe("No session has scored runs matching these filters yet.");
    expect(sel.hidden).toEqual({
      text: "Every run matching these filters is in a trial session, and trial runs are left out unless “include trial runs” is ticked: include them to read that run.",
      set: { includeTrial: true },
    });
    const on = (await dash.call("GET", "/api/analytics/selection?includeTrial=1")).body;
    expect(on.sessions.map((s: { name: string; runs: number }) => `${s.name}:${s.runs}`)).toEqual(["dry run:1"]);
    expect(on.hidden).toBeNull();
  });

  it("names an imported copy of a session as runs counted twice", async () => {
    const { older } = await twoSessions();
    const file = await (
      await dash.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${older}`))
    ).json();
    dash.advance(60_000);
    const imported = await dash.call("POST", "/api/import/runs", { json: file });
    expect(imported.status).toBe(201);
    const copy = imported.body.session.id;
    // The import is now the newest session: alone it is no duplicate.
    expect((await dash.call("GET", "/api/analytics/selection")).body.sessions[0].id).toBe(copy);
    const pooled = (await dash.call("GET", "/api/analytics/selection?allSessions=1")).body;
    expect(pooled.duplicates).toEqual([{ of: older, copy, runs: 4 }]);
    expect(pooled.warnings[0]).toBe(
      "“Imported: older” repeats 4 runs of “older” (same task, config, repeat, device and start time, as an imported copy would): those runs are counted twice; untick one of the two sessions.",
    );
    // And the figures it warns about do count them twice.
    expect(ids(await dash.call("GET", "/api/analytics/configs?allSessions=1"))).toEqual(["bash:2", "files:8"]);
  });

  it("says an unknown session id is unknown and matches nothing instead of falling back", async () => {
    const { older } = await twoSessions();
    expect(ids(await dash.call("GET", "/api/analytics/configs?session=ses_nope"))).toEqual([]);
    const sel = (await dash.call("GET", `/api/analytics/selection?session=ses_nope&session=${older}`)).body;
    expect(sel.unknown).toEqual(["ses_nope"]);
    expect(sel.sessions.map((s: { id: string }) => s.id)).toEqual([older]);
    expect(sel.unknownLine).toBe(
      "Session “ses_nope” is unknown here (deleted, or from another dashboard): it is left out; remove it above or import its runs.json.",
    );
  });

  it("lets a comparison's side sessions stand for the selection", async () => {
    const { older, newer } = await twoSessions();
    const r = await dash.call("GET", `/api/analytics/compare?a=files&aSession=${older}&b=bash&bSession=${newer}`);
    expect(r.status).toBe(200);
    expect(r.body.tasks.map((t: { taskId: string }) => t.taskId)).toEqual(["dentist-todo", "sum"]);
  });

  it("gives the budget the same session filter, defaulting to the suite's newest session", async () => {
    const { older, newer } = await twoSessions();
    const def = (await dash.call("GET", "/api/budget?suite=mini")).body;
    expect(def.selection.sessions).toEqual([newer]);
    const runs = (b: { configs: { configId: string; runs: number }[] }) =>
      b.configs.map((c) => `${c.configId}:${c.runs}`);
    expect(runs(def)).toEqual(["files:0", "bash:2"]);
    const chosen = (await dash.call("GET", `/api/budget?suite=mini&session=${older}`)).body;
    expect(chosen.selection.sessions).toEqual([older]);
    expect(runs(chosen)).toEqual(["files:4", "bash:0"]);
    const room = (await dash.call("GET", `/api/budget/headroom?suite=mini&session=${older}`)).body;
    expect(room.configs.map((c: { configId: string; runs: number }) => `${c.configId}:${c.runs}`)).toEqual(["files:4"]);
    const pooled = (await dash.call("GET", "/api/budget/headroom?suite=mini&allSessions=1")).body;
    expect(pooled.configs.map((c: { configId: string; runs: number }) => `${c.configId}:${c.runs}`)).toEqual([
      "bash:2",
      "files:4",
    ]);
  });

  it("passes over a newer cancelled session by default, says so and offers the newest complete one", async () => {
    const { older, newer } = await twoSessions();
    dash.advance(60_000);
    const big = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "big", suite: "mini", configs: ["bash", "files"], repeats: 3, order: "blocked" },
      })
    ).body.session.id as string;
    // Seven runs (every bash job, one of files), then the researcher cancels the rest.
    for (let i = 0; i < 7; i++) {
      const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
      const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
        json: { ...traceFor(job), reply: "31" },
        token,
      });
      expect(res.status).toBe(201);
    }
    expect((await dash.call("POST", `/api/sessions/${big}/cancel`)).status).toBe(200);
    expect((await dash.call("GET", `/api/sessions/${big}`)).body.session.state).toEqual({
      kind: "cancelled",
      ran: 7,
      total: 12,
      fraction: 7 / 12,
      text: "Cancelled after 7 of 12 jobs (58%) · 5 never ran",
    });

    // The default reads the newest session that was not cancelled, not the 7-run cancelled one.
    expect(ids(await dash.call("GET", "/api/analytics/configs"))).toEqual(["bash:2"]);
    const sel = (await dash.call("GET", "/api/analytics/selection")).body;
    expect(sel.sessions.map((s: { id: string }) => s.id)).toEqual([newer]);
    expect(sel.standing).toEqual([
      "“newer” has one repeat per task, so a task's result rests on a single run.",
      "The newer session “big” is left out by default: it was cancelled after 7 of 12 jobs; tick it above to read it anyway.",
    ]);
    // "older" (files, 2 repeats, every job completed) is the newest complete session.
    expect(sel.offer).toEqual({ id: older, name: "older" });
    expect(sel.balance).toBeNull();

    // Named on purpose, the cancelled session is read, and said to be cancelled and unbalanced.
    const chosen = (await dash.call("GET", `/api/analytics/selection?session=${big}`)).body;
    expect(chosen.standing).toEqual([
      "“big” was cancelled after 7 of 12 jobs: its configs may not cover the same tasks and repeats.",
    ]);
    expect(chosen.offer).toEqual({ id: older, name: "older" });
    expect(chosen.balance).toMatch(
      /^This selection is unbalanced: its configs did not run the same tasks and repeats \(bash: /,
    );

    // A complete session says nothing of its standing.
    const complete = (await dash.call("GET", `/api/analytics/selection?session=${older}`)).body;
    expect(complete).toMatchObject({ standing: [], offer: null, balance: null });
  });
});
