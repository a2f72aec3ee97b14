import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { miniSuite } from "../support/fixtures";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
beforeEach(async () => {
  dash = await testDashboard();
});
afterEach(() => dash.close());

describe("suites", () => {
  it("lists the loaded suites and serves one by id", async () => {
    const list = await dash.call("GET", "/api/suites");
    expect(list.body).toEqual({
      suites: [{ id: "mini", version: 1, name: "Mini test suite", tasks: 2, configs: 2, default: false }],
    });
    const one = await dash.call("GET", "/api/suites/mini");
    expect(one.body.suite.tasks.map((t: { id: string }) => t.id)).toEqual(["dentist-todo", "sum"]);
    expect((await dash.call("GET", "/api/suites/nope")).status).toBe(404);
  });

  it("imports a valid new version, and answers 200 for the same content again", async () => {
    const v2 = miniSuite();
    v2.version = 2;
    v2.tasks[1] = { ...v2.tasks[1], version: 2, prompt: "What is 12 + 19? Show your working." };
    const r = await dash.call("POST", "/api/suites", { json: v2 });
    expect(r).toEqual({ status: 201, body: { suite: { id: "mini", version: 2, tasks: 2, configs: 2 }, warnings: [] } });
    expect((await dash.call("POST", "/api/suites", { json: v2 })).status).toBe(200);
    expect((await dash.call("GET", "/api/suites/mini")).body.suite.version).toBe(2);

    // Other content under a stored suite version is refused, not answered 200 and dropped.
    const clash = miniSuite();
    clash.version = 2;
    clash.tasks[1] = { ...clash.tasks[1], version: 3, prompt: "What is 12 + 19? Answer with a number." };
    const refused = await dash.call("POST", "/api/suites", { json: clash });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([
      {
        path: "version",
        message: "suite `mini` version 2 is already stored with other content: bump the suite's `version` (to 3)",
      },
    ]);
    expect((await dash.call("GET", "/api/suites/mini")).body.suite.tasks[1].prompt).toBe(
      "What is 12 + 19? Show your working.",
    );
  });

  it('imports a new user\'s suite whose "searched the notes" milestone no plain end-state fixture can show, with a warning', async () => {
    const doc = JSON.parse(
      fs.readFileSync(path.join(__dirname, "..", "fixtures", "suite-import", "notes-search.json"), "utf8"),
    );
    const r = await dash.call("POST", "/api/suites", { json: doc });
    expect(r).toEqual({
      status: 201,
      body: {
        suite: { id: "notes-search", version: 1, tasks: 1, configs: 1 },
        warnings: [
          {
            path: "tasks.0.milestones.0",
            message:
              "task `passport-reminder`, milestone `searched` (searched the notes) depends on tool calls, and no `expect: pass` fixture (`reminder added`) lists `calls`, so whether a right run reaches it is not checked: add the calls of a right run to one of them to check it",
          },
        ],
      },
    });
    expect((await dash.call("GET", "/api/suites/notes-search")).body.suite.tasks[0].milestones[0].id).toBe("searched");

    // What the contract calls invalid is still refused, naming task and fixture.
    const wrong = structuredClone(doc);
    wrong.version = 2;
    wrong.tasks[0].version = 2;
    wrong.tasks[0].fixtures[2].workspace = doc.tasks[0].fixtures[0].workspace;
    const refused = await dash.call("POST", "/api/suites", { json: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([
      {
        path: "tasks.0.fixtures.2",
        message: expect.stringMatching(
          /^task `passport-reminder`, fixture `guessed date` expects fail but passes every check/,
        ),
      },
    ]);
  });

  it("refuses an invalid suite listing every problem, and stores nothing", async () => {
    const bad = miniSuite();
    bad.version = 3;
    bad.tasks[0].checks = [{ kind: "reply_regex", pattern: "([unclosed" }];
    bad.tasks[1].fixtures[0].reply = "twenty-nine"; // the right fixture now fails
    (bad.configs[0] as { contextWindow: number }).contextWindow = -1;
    const r = await dash.call("POST", "/api/suites", { json: bad });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("invalid_suite");
    expect(r.body.error.issues.length).toBeGreaterThanOrEqual(2);
    const paths = r.body.error.issues.map((i: { path: string }) => i.path).join(" ");
    expect(paths).toContain("configs.0.contextWindow");
    expect((await dash.call("GET", "/api/suites/mini")).body.suite.version).toBe(1);
  });

  it("refuses a changed task that keeps its version", async () => {
    const sneaky = miniSuite();
    sneaky.version = 2;
    sneaky.tasks[1].prompt = "What is 12 + 19, please?";
    const r = await dash.call("POST", "/api/suites", { json: sneaky });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.error.issues)).toMatch(/version/);
  });
});

describe("rescoring", () => {
  it("scores every run with the newest task version, keeps the old score and reports flips", async () => {
    const token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
    const s = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "r", suite: "mini", configs: ["files"], tasks: ["sum"], repeats: 2 },
      })
    ).body.session;
    for (const reply of ["31", "It is 29."]) {
      const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
      expect(
        (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job, { reply }), token }))
          .status,
      ).toBe(201);
    }
    expect((await dash.call("GET", `/api/sessions/${s.id}`)).body.configs[0]).toMatchObject({ runs: 2, passed: 1 });

    // A new task version whose check expects the other answer: both verdicts must flip.
    const v2 = miniSuite();
    v2.version = 2;
    v2.tasks[1] = {
      ...v2.tasks[1],
      version: 2,
      checks: [{ kind: "reply_regex", pattern: "\\b29\\b" }],
      fixtures: [
        { name: "right", expect: "pass", reply: "29", workspace: { files: [] } },
        { name: "wrong", expect: "fail", reply: "31", workspace: { files: [] } },
      ],
    };
    expect((await dash.call("POST", "/api/suites", { json: v2 })).status).toBe(201);

    const r = await dash.call("POST", `/api/sessions/${s.id}/rescore`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ runs: 2, rescored: 2, unscorable: [] });
    expect(r.body.changed).toHaveLength(2);
    const flips = r.body.changed.map(
      (c: { before: { passed: boolean }; after: { passed: boolean; taskVersion: number } }) => [
        c.before.passed,
        c.after.passed,
        c.after.taskVersion,
      ],
    );
    expect(flips.sort()).toEqual([
      [false, true, 2],
      [true, false, 2],
    ]);

    const scores = await dash.rows(
      "SELECT task_version, CASE WHEN current THEN 1 ELSE 0 END AS current, CASE WHEN passed THEN 1 ELSE 0 END AS passed FROM scores ORDER BY id",
    );
    expect(scores).toEqual([
      { task_version: 1, current: 0, passed: 1 },
      { task_version: 1, current: 0, passed: 0 },
      { task_version: 2, current: 1, passed: expect.any(Number) },
      { task_version: 2, current: 1, passed: expect.any(Number) },
    ]);
    expect((await dash.call("POST", "/api/sessions/ses_nope/rescore")).status).toBe(404);
  });

  it("reports a stored trace the scorer cannot read as unscorable and rescores the others", async () => {
    const token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
    const s = (
      await dash.call("POST", "/api/sessions", {
        json: { name: "r", suite: "mini", configs: ["files"], tasks: ["sum"], repeats: 2 },
      })
    ).body.session;
    const runIds: string[] = [];
    for (const reply of ["31", "It is 29."]) {
      const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
      runIds.push(
        (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job, { reply }), token }))
          .body.runId,
      );
    }
    // Stored traces are never edited; this one is damaged on purpose (e.g. restored from a bad copy).
    await dash.exec("UPDATE traces SET body = ? WHERE run_id = ?", '{"turns": 5}', runIds[0]);
    const r = await dash.call("POST", `/api/sessions/${s.id}/rescore`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      runs: 2,
      rescored: 1,
      unscorable: [{ runId: runIds[0], reason: expect.stringContaining("could not be read") }],
    });
    const current = await dash.rows("SELECT run_id, COUNT(*) AS n FROM scores GROUP BY run_id ORDER BY run_id");
    expect(current).toEqual(
      expect.arrayContaining([
        { run_id: runIds[0], n: 1 },
        { run_id: runIds[1], n: 2 },
      ]),
    );
  });
});
