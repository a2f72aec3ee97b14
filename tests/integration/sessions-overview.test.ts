import { describe, expect, it } from "vitest";
import { dashboardPerTest, phone, pollBody, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let token: string;
dashboardPerTest((d, t) => ((dash = d), (token = t)));

async function queue(name: string, configs: string[], repeats = 1, leaseSeconds = 120) {
  const r = await dash.call("POST", "/api/sessions", {
    json: { name, suite: "mini", configs, tasks: "all", repeats, order: "blocked", leaseSeconds },
  });
  expect(r.status).toBe(201);
  return r.body.session as { id: string; jobs: number };
}

/** Polls one job as the phone `device` (its own id and model in the poll) and submits a trace replying `reply`. */
async function runOne(reply: string, device = phone.device) {
  const r = await dash.call("POST", "/api/device/v1/poll", { json: { ...pollBody, device }, token });
  expect(r.status).toBe(200);
  const job = r.body.job;
  const res = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
    json: { ...traceFor(job, { reply }), device },
    token,
  });
  expect(res.status).toBe(201);
}

describe("the sessions list (issue 16.3)", () => {
  it("gives each session its configs, pass rate with n and the devices that returned its runs", async () => {
    const s = await queue("two phones", ["files", "bash"]);
    const other = { id: "pixel-b", model: "Pixel 9", os: "Android 16" };
    await runOne("31");
    await runOne("no idea", other);
    await runOne("31", other);
    const list = await dash.call("GET", "/api/sessions");
    expect(list.status).toBe(200);
    const row = list.body.sessions.find((x: { id: string }) => x.id === s.id);
    expect(row.configIds).toEqual(["files", "bash"]);
    expect(row.imported).toBe(false);
    expect(row.runs).toBe(3);
    expect(row.scored).toBe(3);
    // the same counts as the session page's own table
    const page = (await dash.call("GET", `/api/sessions/${s.id}`)).body;
    const sum = (k: "runs" | "passed") => page.configs.reduce((n: number, c: Record<string, number>) => n + c[k], 0);
    expect(row.scored).toBe(sum("runs"));
    expect(row.passed).toBe(sum("passed"));
    // Named as every page names a phone: its token's name ("p", dashboardPerTest's) · the reported id.
    expect(row.devices).toEqual([
      { id: "iphone15pro-a", model: "iPhone 15 Pro", runs: 1, label: "p · iphone15pro-a" },
      { id: "pixel-b", model: "Pixel 9", runs: 2, label: "p · pixel-b" },
    ]);
  });

  it("an imported session shows its real run count and what its runs carried, not 0 jobs and lease 0 s", async () => {
    const s = await queue("source", ["files", "bash"], 2);
    for (let i = 0; i < s.jobs; i++) await runOne(i % 2 ? "31" : "no");
    const exported = await (
      await dash.fetch(new URL(`http://127.0.0.1:3000/api/export/runs.json?session=${s.id}`))
    ).text();
    const imp = await dash.call("POST", "/api/import/runs", {
      body: exported,
      headers: { "content-type": "application/json" },
    });
    expect(imp.status).toBe(201);
    const id = imp.body.session.id as string;
    const row = (await dash.call("GET", "/api/sessions")).body.sessions.find((x: { id: string }) => x.id === id);
    expect(row).toMatchObject({ imported: true, runs: s.jobs, counts: { queued: 0, completed: 0 } });
    // An imported run came in on no token: its reported id alone.
    expect(row.devices).toEqual([
      { id: "iphone15pro-a", model: "iPhone 15 Pro", runs: s.jobs, label: "iphone15pro-a" },
    ]);
    const detail = (await dash.call("GET", `/api/sessions/${id}`)).body.session;
    const tasks = new Set(JSON.parse(exported).runs.map((r: { taskId: string }) => r.taskId)).size;
    expect(detail.imported).toEqual({
      runs: s.jobs,
      tasks,
      configs: 2,
      repeats: 2,
      models: ["gemma-4-e2b"],
      builds: ["3f2c1e9"],
      from: "2026-10-14T09:00:01Z",
      to: "2026-10-14T09:00:01Z",
    });
    // a queued session has no import description
    expect((await dash.call("GET", `/api/sessions/${s.id}`)).body.session.imported).toBeNull();
  });
});

describe("the live page's lease holders (issue 16.3)", () => {
  it("names the device holding each leased job, since when, its last heartbeat and turn", async () => {
    const s = await queue("stuck", ["files"], 1, 600);
    const poll = await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token });
    const job = poll.body.job;
    const leasedAt = dash.now();
    dash.advance(4 * 60_000);
    const hb = await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
      json: { leaseToken: job.lease.token, turn: 7 },
      token,
    });
    expect(hb.status).toBe(200);
    dash.advance(3_000);
    const body = (await dash.call("GET", `/api/sessions/${s.id}/runs`)).body;
    const device = (await dash.call("GET", "/api/devices")).body.devices[0];
    expect(body.leases).toEqual([
      {
        jobId: job.id,
        taskId: job.task.id,
        configId: "files",
        repeat: 1,
        attempt: 1,
        device: { id: device.id, name: "p", reportedId: pollBody.device.id },
        since: new Date(leasedAt).toISOString(),
        heldMs: 4 * 60_000 + 3_000,
        lastHeardAt: new Date(leasedAt + 4 * 60_000).toISOString(),
        silentMs: 3_000,
        turn: 7,
      },
    ]);
    // once the result is in, nobody holds it
    await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token });
    expect((await dash.call("GET", `/api/sessions/${s.id}`)).body.leases).toEqual([]);
  });
});
