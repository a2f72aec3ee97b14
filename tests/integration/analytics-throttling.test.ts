/**
 * Throttling detection on simulated sessions, through the real route handlers: a phone that skips
 * the jobs' rest heats up under sustained load and slows down (the simulator's thermal model), and
 * its session is flagged; the same jobs with the rest the protocol asks for are not. The phones
 * run at real speed on a fake clock whose sleep advances it, so run start times are as far apart
 * as on a phone without the test waiting.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDevice } from "@/sim";
import { testDashboard, type TestDashboard } from "../support/server";

let dash: TestDashboard;
const sessions: Record<"rested" | "throttled", string> = { rested: "", throttled: "" };

async function simulate(name: "rested" | "throttled", skipRest: boolean) {
  const token = (await dash.call("POST", "/api/devices", { json: { name } })).body.token;
  const created = await dash.call("POST", "/api/sessions", {
    json: { name, configs: ["files-plan"], repeats: 1, seed: 2, order: "interleaved" },
  });
  expect(created.status).toBe(201);
  sessions[name] = created.body.session.id;
  let now = Date.UTC(2026, 11, 1, 10, 0, 0);
  await runDevice({
    url: "http://127.0.0.1:3000",
    token,
    deviceId: `sim-${name}`,
    seed: 5,
    stopWhenIdle: true,
    waitSeconds: 0,
    speed: 1,
    skipRest,
    fetch: dash.fetch,
    clock: () => now,
    sleep: async (ms) => void (now += ms),
  });
}

beforeAll(async () => {
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites"));
  await simulate("rested", false);
  await simulate("throttled", true);
}, 300_000);
afterAll(() => dash?.close());

const throttlingOf = async (session: string) =>
  (await dash.call("GET", `/api/analytics/throttling?session=${session}`)).body;

describe("GET /api/analytics/throttling on simulated sessions", () => {
  it("flags the phone that skipped its rest: decode slowed by more than 10%", async () => {
    const body = await throttlingOf(sessions.throttled);
    expect(body.devices).toHaveLength(1);
    const [d] = body.devices;
    expect(d).toMatchObject({ sessionId: sessions.throttled, deviceId: "sim-throttled", flagged: true });
    expect(d.decode.flagged).toBe(true);
    expect(d.decode.relativeChange).toBeLessThan(-0.1);
    expect(d.decode.p).toBeLessThan(0.05);
    expect(d.decode.slopePerMin).toBeLessThan(0);
    expect(d.advice).toMatch(/sim-throttled slowed down during this session/);
    expect(body.flagged).toBe(1);
  });

  it("does not flag the rested phone", async () => {
    const body = await throttlingOf(sessions.rested);
    const [d] = body.devices;
    expect(d.runs).toBeGreaterThanOrEqual(5);
    expect(d.flagged).toBe(false);
    expect(Math.abs(d.decode.relativeChange)).toBeLessThan(0.1);
    expect(body.flagged).toBe(0);
  });

  it("names each row's session, so two sessions' rows tell apart", async () => {
    const body = (
      await dash.call("GET", `/api/analytics/throttling?session=${sessions.rested}&session=${sessions.throttled}`)
    ).body;
    const rows = body.devices.map((d: { sessionId: string; sessionName: string; deviceId: string }) => [
      d.sessionName,
      d.sessionId,
      d.deviceId,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["rested", sessions.rested, "sim-rested"],
        ["throttled", sessions.throttled, "sim-throttled"],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("refuses a bad filter with a 400", async () => {
    expect((await dash.call("GET", "/api/analytics/throttling?thermal=boiling")).status).toBe(400);
  });
});
