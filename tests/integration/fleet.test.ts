/**
 * Issue 20, points 4–5: the fleet behind GET /api/devices (state, current job and turn, online),
 * pausing a device (its polls get 204, its token stays) and pinning a session to devices.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pollBody, testDashboard, traceFor, type TestDashboard } from "../support/server";

let dash: TestDashboard;
let a: { id: string; token: string };
let b: { id: string; token: string };

const pair = async (name: string) => {
  const r = await dash.call("POST", "/api/devices", { json: { name } });
  return { id: r.body.device.id as string, token: r.body.token as string };
};
beforeEach(async () => {
  dash = await testDashboard();
  a = await pair("phone A");
  b = await pair("phone B");
});
afterEach(() => dash.close());

async function queue(extra: Record<string, unknown> = {}) {
  const r = await dash.call("POST", "/api/sessions", {
    json: {
      name: "s",
      suite: "mini",
      configs: ["files"],
      tasks: ["dentist-todo"],
      repeats: 2,
      order: "blocked",
      ...extra,
    },
  });
  expect(r.status).toBe(201);
  return r.body.session.id as string;
}
const poll = (d: { token: string }, state: object = pollBody.state) =>
  dash.call("POST", "/api/device/v1/poll", { json: { ...pollBody, state }, token: d.token });
const fleet = async () => (await dash.call("GET", "/api/devices")).body;
const row = async (id: string) => (await fleet()).devices.find((d: { id: string }) => d.id === id);

describe("GET /api/devices: the fleet", () => {
  it("keeps each poll's state and build, the current job with its heartbeat's turn, and online for a minute", async () => {
    expect(await row(a.id)).toMatchObject({ online: false, paused: false, current: null, state: null });
    const ses = await queue();
    const job = (await poll(a, { thermal: "serious", battery: 0.42, charging: true })).body.job;
    expect(await row(a.id)).toMatchObject({
      online: true,
      state: { thermal: "serious", battery: 0.42, charging: true, at: new Date(dash.now()).toISOString() },
      phone: { model: "iPhone 15 Pro", app: "0.7.0", llm: "gemma-4-e2b", commit: "3f2c1e9" },
      current: { session: { id: ses, name: "s" }, job: job.id, task: "dentist-todo", config: "files", turn: null },
    });
    dash.advance(1000);
    expect(
      (
        await dash.call("POST", `/api/device/v1/jobs/${job.id}/heartbeat`, {
          json: { leaseToken: job.lease.token, turn: 3 },
          token: a.token,
        })
      ).status,
    ).toBe(200);
    expect((await row(a.id)).current.turn).toBe(3);
    // A changed state is stored at once, not after the 10 s refresh.
    dash.advance(1000);
    await poll(a, { thermal: "fair", battery: 0.4, charging: false });
    expect((await row(a.id)).state).toMatchObject({ thermal: "fair", battery: 0.4, charging: false });
    expect((await row(b.id)).online).toBe(false);
    dash.advance(60_001);
    expect((await row(a.id)).online).toBe(false);
  });

  it("reports the queue's ETA over online, unpaused phones from finished runs' wall time", async () => {
    await queue({ repeats: 3 });
    const job = (await poll(a)).body.job;
    // traceFor runs 09:00:01 → 09:00:09: 8 s of phone time per job.
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: traceFor(job), token: a.token })).status,
    ).toBe(201);
    await poll(b);
    const { eta } = await fleet();
    // 2 jobs left (1 queued, 1 leased) × 8 s = 16 s = 16/3600 phone-hours; two phones online.
    expect(eta).toMatchObject({ jobs: 2, onlineDevices: 2, estimatedFromOtherConfigs: 0 });
    expect(eta.phoneHours).toBeCloseTo(16 / 3600, 12);
    expect(eta.hours).toBeCloseTo(8 / 3600, 12);
  });
});

describe("the outlier mark", () => {
  it("marks the device whose TTFT slope lies clear of the rest of the fleet's on the same build and config", async () => {
    const c = await pair("phone C");
    await queue({ repeats: 6 });
    // Three phones, two runs each; A and B at 2 ms/token, C at 4 ms/token (small alternating noise).
    const slope = new Map([
      [a.token, 2],
      [b.token, 2.02],
      [c.token, 4],
    ]);
    for (const d of [a, a, b, b, c, c]) {
      const job = (await poll(d)).body.job;
      const base = traceFor(job);
      const turns = [100, 200, 300, 400].map((x, i) => ({
        ...base.turns[0],
        promptTokens: x,
        ttftMs: Math.round(80 + slope.get(d.token)! * x + (i % 2 ? 4 : -4)),
      }));
      expect(
        (await dash.call("POST", `/api/device/v1/jobs/${job.id}/result`, { json: { ...base, turns }, token: d.token }))
          .status,
      ).toBe(201);
    }
    const marked = (await fleet()).devices.filter((d: { outliers: unknown[] }) => d.outliers.length);
    expect(marked.map((d: { id: string }) => d.id)).toEqual([c.id]);
    expect(marked[0].outliers[0]).toMatchObject({ build: "3f2c1e9", config: "files" });
    expect(marked[0].outliers[0].reason).toMatch(
      /^Slower than the rest of the fleet on build 3f2c1e9, config files: TTFT rises/,
    );
    // last 24 h: C ran 2 runs; its median first-turn TTFT is 80 + 4·100 − 4 = 476 ms.
    expect(marked[0].last24h).toMatchObject({ runs: 2, medianTtftMs: 476 });
  });
});

describe("pausing a device", () => {
  it("its polls get 204 with jobs queued until it is resumed; its token and its lease stay", async () => {
    await queue();
    const held = (await poll(a)).body.job;
    expect((await dash.call("POST", `/api/devices/${a.id}/pause`)).body).toEqual({
      device: { id: a.id, paused: true },
    });
    expect((await poll(a)).status).toBe(204);
    expect((await row(a.id)).paused).toBe(true);
    // Still authenticated: its lease can be finished.
    expect(
      (await dash.call("POST", `/api/device/v1/jobs/${held.id}/result`, { json: traceFor(held), token: a.token }))
        .status,
    ).toBe(201);
    expect((await poll(a)).status).toBe(204);
    expect((await dash.call("POST", `/api/devices/${a.id}/resume`)).body).toEqual({
      device: { id: a.id, paused: false },
    });
    expect((await poll(a)).status).toBe(200);
  });

  it("a pause that lands while the device's long-poll waits holds: the claim itself skips a paused device", async () => {
    const waiting = dash.call("POST", "/api/device/v1/poll?wait=2", { json: pollBody, token: a.token });
    await new Promise((r) => setTimeout(r, 100));
    await dash.call("POST", `/api/devices/${a.id}/pause`);
    await queue(); // wakes the waiting poll
    expect((await waiting).status).toBe(204);
    expect((await poll(b)).status).toBe(200);
  });

  it("an unknown device id gets 404 with a sentence", async () => {
    const r = await dash.call("POST", "/api/devices/dev_nope/pause");
    expect(r.status).toBe(404);
    expect(r.body.error.message).toMatch(/check the id/);
  });
});

describe("pinning a session to devices", () => {
  it("only the pinned devices lease its jobs; other sessions stay open to everyone", async () => {
    const pinned = await queue({ devices: [b.id] });
    expect((await poll(a)).status).toBe(204);
    const job = (await poll(b)).body.job;
    expect(job.session.id).toBe(pinned);
    const open = await queue();
    expect((await poll(a)).body.job.session.id).toBe(open);
  });

  it("refuses unknown and revoked devices, each listed", async () => {
    await dash.call("DELETE", `/api/devices/${b.id}`);
    const r = await dash.call("POST", "/api/sessions", {
      json: { name: "s", suite: "mini", configs: ["files"], devices: ["dev_nope", b.id] },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["devices.0", "devices.1"]);
  });

  it("the session says it is pinned, and when every pinned device is revoked", async () => {
    const id = await queue({ devices: [a.id, b.id] });
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.pinned).toEqual({
      devices: [
        { id: a.id, name: "phone A", revoked: false },
        { id: b.id, name: "phone B", revoked: false },
      ],
      allRevoked: false,
    });
    await dash.call("DELETE", `/api/devices/${a.id}`);
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.pinned.allRevoked).toBe(false);
    await dash.call("DELETE", `/api/devices/${b.id}`);
    expect((await dash.call("GET", `/api/sessions/${id}`)).body.session.pinned.allRevoked).toBe(true);
    expect((await dash.call("GET", `/api/sessions/${await queue()}`)).body.session.pinned).toBeNull();
  });
});
