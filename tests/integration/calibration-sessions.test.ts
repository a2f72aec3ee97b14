import { describe, expect, it } from "vitest";
import { calibrationArm } from "@/domain/sessions";
import { dashboardPerTest, runQueue, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

const queue = (json: Record<string, unknown>) =>
  dash.call("POST", "/api/sessions", { json: { suite: "mini", tasks: "all", ...json } });

const configIds = (r: { body: { configs: { configId: string; runs: number }[] } }) =>
  r.body.configs.map((c) => `${c.configId}:${c.runs}`);

describe("A/A calibration sessions", () => {
  it("queue one config with 6 repeats by default, in two arms by repeat parity", async () => {
    const r = await queue({ name: "noise of pixel-a", configs: ["files"], calibration: true });
    expect(r.status).toBe(201);
    const id = r.body.session.id as string;
    // 2 tasks × 1 config × 6 repeats.
    expect(r.body.session.jobs).toBe(12);

    const jobs = (await dash.rows(
      `SELECT task_id AS "taskId", config_id AS "configId", repeat FROM jobs WHERE session_id = ?`,
      id,
    )) as { taskId: string; configId: string; repeat: number }[];
    expect(new Set(jobs.map((j) => j.configId))).toEqual(new Set(["files"]));
    const arms = new Map<string, number[]>();
    for (const j of jobs) {
      const key = `${j.taskId}:arm${calibrationArm(Number(j.repeat))}`;
      arms.set(
        key,
        [...(arms.get(key) ?? []), Number(j.repeat)].sort((a, b) => a - b),
      );
    }
    // Each arm runs every task equally often: the odd repeats and the even ones.
    expect(Object.fromEntries(arms)).toEqual({
      "dentist-todo:arm1": [1, 3, 5],
      "dentist-todo:arm2": [2, 4, 6],
      "sum:arm1": [1, 3, 5],
      "sum:arm2": [2, 4, 6],
    });

    const detail = await dash.call("GET", `/api/sessions/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.session).toMatchObject({ calibration: true, repeats: 6, configIds: ["files"] });
    const list = (await dash.call("GET", "/api/sessions")).body.sessions as { id: string; calibration: boolean }[];
    expect(list.find((s) => s.id === id)?.calibration).toBe(true);
  });

  it("keeps an explicit even repeat count and marks other sessions as not calibration", async () => {
    const cal = await queue({ name: "two", configs: ["bash", "bash"], calibration: true, repeats: 2 });
    expect(cal.status).toBe(201);
    expect(cal.body.session.jobs).toBe(4);
    const plain = await queue({ name: "plain", configs: ["files", "bash"] });
    expect(plain.status).toBe(201);
    const list = (await dash.call("GET", "/api/sessions")).body.sessions as { id: string; calibration: boolean }[];
    expect(list.map((s) => [s.id, s.calibration])).toEqual([
      [plain.body.session.id, false],
      [cal.body.session.id, true],
    ]);
    expect((await dash.call("GET", `/api/sessions/${plain.body.session.id}`)).body.session.calibration).toBe(false);
  });

  it("refuses two configs and an odd or too small repeat count with a sentence saying what to do", async () => {
    const message =
      "An A/A calibration runs one config twice: pick exactly one config and an even number of repeats (2 or more; 6 when left out).";
    const two = await queue({ name: "two configs", configs: ["files", "bash"], calibration: true });
    expect(two.status).toBe(400);
    expect(two.body.error).toMatchObject({ code: "invalid_request", message });
    expect(two.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["configs"]);

    const odd = await queue({ name: "odd", configs: ["files"], calibration: true, repeats: 5 });
    expect(odd.status).toBe(400);
    expect(odd.body.error).toMatchObject({ code: "invalid_request", message });
    expect(odd.body.error.issues).toEqual([
      {
        path: "repeats",
        message: "an A/A calibration needs an even number of repeats (2, 4, 6, …) for its two arms, not 5",
      },
    ]);
    const one = await queue({ name: "one", configs: ["files"], calibration: true, repeats: 1 });
    expect(one.status).toBe(400);
    expect(one.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["repeats"]);
    // Nothing was queued by the refused requests.
    expect(await dash.count("SELECT COUNT(*) AS n FROM sessions")).toBe(0);
    expect(await dash.count("SELECT COUNT(*) AS n FROM jobs")).toBe(0);
  });

  it("is not the analytics default, but can be named; its imported copy is no calibration", async () => {
    const study = await queue({ name: "study", configs: ["files", "bash"], repeats: 1, order: "blocked" });
    await runQueue(dash, token, () => ({ reply: "31" }));
    dash.advance(60_000);
    const cal = await queue({ name: "noise", configs: ["bash"], calibration: true, repeats: 2 });
    expect(cal.status).toBe(201);
    await runQueue(dash, token, () => ({ reply: "31" }));

    // The calibration session is newer, but the default is the study.
    const sel = (await dash.call("GET", "/api/analytics/selection")).body;
    expect(sel.mode).toBe("default");
    expect(sel.sessions.map((s: { id: string }) => s.id)).toEqual([study.body.session.id]);
    expect(configIds(await dash.call("GET", "/api/analytics/configs"))).toEqual(["bash:2", "files:2"]);
    // Named, it is read.
    const named = await dash.call("GET", `/api/analytics/configs?session=${cal.body.session.id}`);
    expect(configIds(named)).toEqual(["bash:4"]);

    // An import of its runs is a plain session: the runs.json says nothing of calibration.
    const file = await (
      await dash.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${cal.body.session.id}`))
    ).json();
    dash.advance(60_000);
    const imported = await dash.call("POST", "/api/import/runs", { json: file });
    expect(imported.status).toBe(201);
    const copy = imported.body.session.id as string;
    expect((await dash.call("GET", `/api/sessions/${copy}`)).body.session.calibration).toBe(false);
  });
});
