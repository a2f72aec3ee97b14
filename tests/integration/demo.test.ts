/** Issue 14: `POST /api/demo` validates its body and refuses a second demo while one runs. */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDemoPhoneLauncher } from "@/server/demo/startDemo";
import { testDashboard, type TestDashboard } from "../support/server";

let dash: TestDashboard;
const launched: { origin: string; tokens: string[]; extra: string[]; stopped: boolean }[] = [];
const sessions = () => dash.count("SELECT count(*) AS n FROM sessions");

beforeAll(async () => {
  // No child process: the stand-in records what the real launcher would have started.
  setDemoPhoneLauncher((origin, tokens, extra = []) => {
    const phones = { origin, tokens, extra, stopped: false };
    launched.push(phones);
    return { running: () => !phones.stopped, stop: () => void (phones.stopped = true) };
  });
  dash = await testDashboard(path.join(__dirname, "..", "..", "suites")); // the demo runs the default suite
});
afterAll(() => {
  dash.close();
  setDemoPhoneLauncher(undefined);
});

describe("POST /api/demo", () => {
  it("refuses a body other than empty or {} with a 400, starting nothing", async () => {
    for (const body of ['{"repeats": 100}', '{"study": "bandit"}', "[]", '"go"', "null", "{"]) {
      const r = await dash.call("POST", "/api/demo", { body, headers: { "content-type": "application/json" } });
      expect(r.status, body).toBe(400);
      expect(r.body.error.message.length).toBeGreaterThan(0);
    }
    expect(await sessions()).toBe(0);
    expect(launched).toHaveLength(0);
  });

  it("starts one demo (no body, as the button sends it), then refuses a second with 409 naming the running session", async () => {
    const first = await dash.call("POST", "/api/demo");
    expect(first.status).toBe(201);
    expect(launched).toHaveLength(1);
    // Issue 20.6: three phones, each with its own device token, so the fleet page shows three devices.
    expect(new Set(launched[0].tokens).size).toBe(3);
    expect((await dash.call("GET", "/api/devices")).body.devices.map((d: { name: string }) => d.name)).toEqual([
      "Demo: simulated phone 1",
      "Demo: simulated phone 2",
      "Demo: simulated phone 3",
    ]);
    const id = first.body.session.id as string;
    for (const opts of [{}, { json: {} }]) {
      const again = await dash.call("POST", "/api/demo", opts);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("conflict");
      expect(again.body.error.message).toContain(id);
      expect(again.body.error.message).toMatch(/wait for it to finish or cancel it/);
    }
    expect(await sessions()).toBe(1);
    expect(launched).toHaveLength(1);
  });

  it("starts another once the running demo is cancelled, stopping the old phones", async () => {
    const running = ((await dash.row("SELECT id FROM sessions")) as { id: string }).id;
    expect((await dash.call("POST", `/api/sessions/${running}/cancel`)).status).toBe(200);
    const next = await dash.call("POST", "/api/demo", { json: {} });
    expect(next.status).toBe(201);
    expect(next.body.session.id).not.toBe(running);
    expect(launched.map((l) => l.stopped)).toEqual([true, false]);
  });

  it("starts one of two demos asked for at the same moment and refuses the other (session creation awaits the store)", async () => {
    const open = (await dash.rows(
      "SELECT DISTINCT session_id AS id FROM jobs WHERE state IN ('queued', 'leased')",
    )) as { id: string }[];
    for (const { id } of open) expect((await dash.call("POST", `/api/sessions/${id}/cancel`)).status).toBe(200);
    const before = await sessions();
    const both = await Promise.all([dash.call("POST", "/api/demo"), dash.call("POST", "/api/demo")]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await sessions()).toBe(before + 1);
  });

  it("starts the adaptive demo: files vs bash, pre-registered, on phones that fail half the tasks on bash", async () => {
    const open = (await dash.rows(
      "SELECT DISTINCT session_id AS id FROM jobs WHERE state IN ('queued', 'leased')",
    )) as { id: string }[];
    for (const { id } of open) expect((await dash.call("POST", `/api/sessions/${id}/cancel`)).status).toBe(200);
    const r = await dash.call("POST", "/api/demo", { json: { study: "adaptive" } });
    expect(r.status).toBe(201);
    expect(launched.at(-1)!.extra).toEqual(["--effect", "files,bash,0.5"]);
    const s = (await dash.call("GET", `/api/sessions/${r.body.session.id}`)).body.session;
    expect(s.plan).toMatchObject({ a: "files", b: "bash", alpha: 0.05, minRepeats: 1, maxRepeats: 3 });
    expect(s.plan.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(s.adaptive).toMatchObject({ minRepeats: 1, maxRepeats: 3, state: "running" });
    // The minimum of each task on a and b is queued now; the rest only where it still tells something.
    expect(r.body.session.jobs).toBe(2 * s.taskIds.length);
  });
});
