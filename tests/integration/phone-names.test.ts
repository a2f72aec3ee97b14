/**
 * Issue 34.2: one name per phone. A run records the paired token it came in on and is named by it
 * everywhere (with the id the phone reported beside it); a result whose device id differs from the
 * one its poll reported is stored and flagged; two tokens reporting one id are two phones, not one
 * pooled throttling fit. Runs on both engines (the Vitest projects "sqlite" and "postgres").
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
const pair = async (name: string) => {
  const r = await dash.call("POST", "/api/devices", { json: { name } });
  return { id: r.body.device.id as string, token: r.body.token as string };
};
beforeEach(async () => {
  dash = await testDashboard();
});
afterEach(() => dash.close());

async function queue(repeats = 1) {
  const r = await dash.call("POST", "/api/sessions", {
    json: { name: "names", suite: "mini", configs: ["files"], tasks: ["dentist-todo"], repeats, order: "blocked" },
  });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}
const reporting = (id: string) => ({ ...pollBody.device, id });
async function poll(token: string, reportedId: string) {
  const r = await dash.call("POST", "/api/device/v1/poll", {
    json: { ...pollBody, device: reporting(reportedId) },
    token,
  });
  expect(r.status).toBe(200);
  return r.body.job;
}
async function submit(token: string, job: Parameters<typeof traceFor>[0] & { id: string }, reportedId: string) {
  const trace = { ...traceFor(job), device: reporting(reportedId) };
  const r = await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: trace, token });
  expect(r.status).toBe(201);
  return r.body.runId as string;
}

describe("a run is named by the token it came in on", () => {
  it("shows token A's name beside the id its phone reported, on the live page, the runs tables and the run", async () => {
    const a = await pair("Pixel 8 (lab A)");
    const session = await queue();
    const job = await poll(a.token, "sim-iphone15pro-1");
    const live = await dash.call("GET", `/api/sessions/${session}`);
    expect(live.body.leases[0].device).toEqual({ id: a.id, name: "Pixel 8 (lab A)", reportedId: "sim-iphone15pro-1" });

    const runId = await submit(a.token, job, "sim-iphone15pro-1");
    const label = "Pixel 8 (lab A) · sim-iphone15pro-1";
    const view = await dash.call("GET", `/api/sessions/${session}/runs`);
    expect(view.body.runs.map((r: { deviceLabel: string }) => r.deviceLabel)).toEqual([label]);
    const listed = await dash.call("GET", `/api/runs?session=${session}`);
    expect(listed.body.runs.map((r: { deviceId: string; deviceLabel: string }) => [r.deviceId, r.deviceLabel])).toEqual(
      [["sim-iphone15pro-1", label]],
    );
    const run = await dash.call("GET", `/api/runs/${runId}`);
    expect(run.body.device).toEqual({
      tokenId: a.id,
      tokenName: "Pixel 8 (lab A)",
      reportedId: "sim-iphone15pro-1",
      pollReportedId: "sim-iphone15pro-1",
      mismatch: false,
    });
    expect(await dash.row("SELECT token_device_id AS t FROM run_facts WHERE id = ?", runId)).toEqual({ t: a.id });
    const selection = await dash.call("GET", `/api/analytics/selection?session=${session}`);
    expect(selection.body.sessions[0]).toMatchObject({ devices: ["sim-iphone15pro-1"], phones: [label] });
    expect(selection.body.warnings.join(" ")).not.toMatch(/differs from the one its phone reported/);
    const ttft = await dash.call("GET", `/api/analytics/ttft?session=${session}`);
    expect(ttft.body.builds.map((b: { device: string; deviceLabel: string }) => [b.device, b.deviceLabel])).toEqual([
      ["sim-iphone15pro-1", label],
    ]);
  });
});

describe("a result whose device differs from its poll's", () => {
  it("is stored, flagged on the run and noted in the analytics of a selection holding it", async () => {
    const a = await pair("Pixel 8 (lab A)");
    const session = await queue();
    const job = await poll(a.token, "pixel-8-a");
    const runId = await submit(a.token, job, "someone-elses-phone");
    const run = await dash.call("GET", `/api/runs/${runId}`);
    expect(run.body.run.deviceId).toBe("someone-elses-phone");
    expect(run.body.device).toMatchObject({
      pollReportedId: "pixel-8-a",
      mismatch: true,
      tokenName: "Pixel 8 (lab A)",
    });
    expect(await dash.count("SELECT COUNT(*) AS n FROM runs WHERE device_mismatch")).toBe(1);
    const selection = await dash.call("GET", `/api/analytics/selection?session=${session}`);
    expect(selection.body.warnings).toContain(
      "1 run in this selection was submitted with a device id that differs from the one its phone reported when it took the job. Two phones may share a token: open the run to see both ids, and give each phone its own token on Devices.",
    );
  });
});

describe("throttling", () => {
  it("gives two tokens reporting one id a row each, named by their tokens", async () => {
    const a = await pair("lab A");
    const b = await pair("lab B");
    const session = await queue(2);
    await submit(a.token, await poll(a.token, "shared-id"), "shared-id");
    await submit(b.token, await poll(b.token, "shared-id"), "shared-id");
    const body = (await dash.call("GET", `/api/analytics/throttling?session=${session}`)).body;
    const rows = body.devices.map(
      (d: { tokenDeviceId: string; deviceId: string; deviceLabel: string; runs: number }) => [
        d.tokenDeviceId,
        d.deviceId,
        d.deviceLabel,
        d.runs,
      ],
    );
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        [a.id, "shared-id", "lab A · shared-id", 1],
        [b.id, "shared-id", "lab B · shared-id", 1],
      ]),
    );
  });
});
