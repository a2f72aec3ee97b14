/**
 * Issue 14: ids that come from outside and become this dashboard's own keys and URL segments
 * (an imported run's and session's id) are restricted to a safe alphabet, so none can turn a link
 * such as `/runs/{id}` into another page. A phone's `device.id` is data (protocol.md allows any
 * 1–200 characters; the phone app is built against that), bound as a parameter and shown as text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isSafeId } from "@/domain/protocol/common";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

const BAD = ["../../api/devices", "run/1", "..", ".", "", "a b", "run\u0000", "x".repeat(129), "run_é", "<b>"];
const GOOD = [
  "iphone15pro-a",
  "run_01J9ZK",
  "ses_0001",
  "sim-iphone15pro-1",
  "host.local:1",
  "A_b-c.d",
  "x".repeat(128),
];

describe("isSafeId", () => {
  it("takes the ids real phones and dashboards write and refuses traversal, separators and markup", () => {
    for (const id of GOOD) expect(isSafeId(id), id).toBe(true);
    for (const id of BAD) expect(isSafeId(id), id).toBe(false);
  });
});

let dash: TestDashboard;
let token: string;
let exported: { version: 1; runs: Record<string, unknown>[] };
const runCount = () => dash.count("SELECT count(*) AS n FROM runs");

beforeAll(async () => {
  dash = await testDashboard();
  token = (await dash.call("POST", "/api/devices", { json: { name: "p" } })).body.token;
  await dash.call("POST", "/api/sessions", {
    json: { name: "s", suite: "mini", configs: ["files"], tasks: ["dentist-todo"], repeats: 2, order: "blocked" },
  });
  const job = (await dash.call("POST", "/api/device/v1/poll", { json: pollBody, token })).body.job;
  expect((await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token })).status).toBe(
    201,
  );
  exported = await (await dash.fetch("http://127.0.0.1:3000/api/export/runs.json")).json();
});
afterAll(() => dash.close());

describe("imports", () => {
  it("a run, session or device id outside the alphabet is a 400 naming the row and field; nothing stored", async () => {
    for (const field of ["runId", "sessionId"]) {
      const before = await runCount();
      const runs = [exported.runs[0], { ...exported.runs[0], runId: "run_other", [field]: "../../api/devices" }];
      const r = await dash.call("POST", "/api/import/runs", { json: { version: 1, runs } });
      expect(r.status, field).toBe(400);
      expect(
        r.body.error.issues.map((i: { path: string }) => i.path),
        field,
      ).toContain(`runs.1.${field}`);
      expect(await runCount()).toBe(before);
    }
  });
  it("ids inside the alphabet import as before", async () => {
    const r = await dash.call("POST", "/api/import/runs", {
      json: { version: 1, runs: [{ ...exported.runs[0], runId: "run_from-lab.2:a" }] },
    });
    expect(r.status).toBe(201);
    expect((await dash.call("GET", "/api/runs/run_from-lab.2:a")).status).toBe(200);
  });
});

describe("the device API", () => {
  it("keeps a phone's device.id as protocol.md allows it: any 1–200 characters, stored and exported as text", async () => {
    const id = "Anna's phone / lab 2";
    const job = (
      await dash.call("POST", "/api/device/v1/poll", {
        json: { ...pollBody, device: { ...pollBody.device, id } },
        token,
      })
    ).body.job;
    const t = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, {
      json: { ...traceFor(job), device: { ...pollBody.device, id } },
      token,
    });
    expect(t.status).toBe(201);
    const run = await dash.call("GET", `/api/runs/${t.body.runId}`);
    expect(run.body.run.deviceId).toBe(id);
    expect(
      (
        await dash.call("POST", "/api/device/v1/poll", {
          json: { ...pollBody, device: { ...pollBody.device, id: "x".repeat(201) } },
          token,
        })
      ).status,
    ).toBe(400);
  });
});
