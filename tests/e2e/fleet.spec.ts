import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { runDevice, fleetPhone } from "../../src/sim";
import { killServer } from "../../scripts/lib/fault";
import { type RunningServer, startServer } from "./server";

// Issue 20.4: the fleet page with several simulated phones (in-process runDevice against a real
// server): online and state, pause (the phone's polls get 204), resume, and a pinned session.

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await killServer(server);
  fs.rmSync(server.dir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(server.base + path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
const pair = async (name: string) => {
  const r = await call("POST", "/api/devices", { name });
  return { id: r.json.device.id as string, token: r.json.token as string };
};
const pollAs = (token: string) =>
  call(
    "POST",
    "/api/device/v1/poll",
    {
      device: { id: "x", model: "iPhone 15 Pro", os: "iOS 26.1" },
      build: { commit: "c", app: "0.7.0", runtime: "r", model: "m" },
      state: { thermal: "nominal" },
    },
    token,
  );

test("several simulated phones on the fleet page: state, pause and resume, and a pinned session", async ({ page }) => {
  const phones = [await pair("shelf 1"), await pair("shelf 2"), await pair("shelf 3")];
  const {
    json: { suite },
  } = await call("GET", "/api/suites/phone-20");
  const firstTask = suite.tasks[0].id as string;

  // Phones in different states (the --fleet mix) work through a small session.
  const ses = await call("POST", "/api/sessions", {
    name: "fleet warm-up",
    tasks: [firstTask],
    configs: ["files"],
    repeats: 3,
    order: "blocked",
  });
  expect(ses.status).toBe(201);
  await Promise.all(
    phones.map((p, i) => {
      const mix = fleetPhone(i);
      return runDevice({
        url: server.base,
        token: p.token,
        deviceId: `sim-${i + 1}`,
        seed: 7,
        speed: 2000,
        waitSeconds: 0,
        stopWhenIdle: true,
        ...mix,
      });
    }),
  );

  await page.goto(server.base + "/devices");
  const row = (i: number) => page.getByTestId(`device-${phones[i].id}`);
  for (let i = 0; i < 3; i++) await expect(row(i).getByTestId("device-online")).toHaveText("online");
  await expect(row(1).getByTestId("device-state")).toContainText("charging");
  await expect(row(0).getByTestId("device-state")).toContainText("on battery");
  const runs = (await call("GET", "/api/devices")).json.devices.reduce(
    (n: number, d: { last24h: { runs: number } }) => n + d.last24h.runs,
    0,
  );
  expect(runs).toBe(3);

  // Pause shelf 1 from the page: its polls get 204 with a job queued; the others lease.
  await row(0).getByTestId("pause-device").click();
  await expect(row(0).getByTestId("device-paused")).toBeVisible();
  const open = await call("POST", "/api/sessions", {
    name: "open",
    tasks: [firstTask],
    configs: ["files"],
    repeats: 1,
  });
  expect((await pollAs(phones[0].token)).status).toBe(204);
  // Live: the page shows shelf 2 on the job without a reload.
  const leased = await pollAs(phones[1].token);
  expect(leased.json.job.session.id).toBe(open.json.session.id);
  await expect(row(1).getByTestId("device-current")).toContainText("open");
  await row(0).getByTestId("resume-device").click();
  await expect(row(0).getByTestId("device-paused")).toHaveCount(0);

  // Pin a session to shelf 3 from the New session form: shelf 1 gets 204, shelf 3 leases it.
  await page.goto(server.base + "/sessions/new");
  await page.getByTestId("session-name").fill("pinned to shelf 3");
  await page.getByTestId("config-options").locator('input[value="files"]').check();
  await page.getByLabel("One by one").check();
  await page.getByTestId("task-options").locator(`input[value="${firstTask}"]`).check();
  await page.getByLabel("Repeats", { exact: true }).fill("1");
  await page.getByTestId(`pin-${phones[2].id}`).check();
  await page.getByTestId("create-session").click();
  await page.waitForURL(/\/sessions\/ses_/);
  await expect(page.getByTestId("session-pinned")).toContainText("shelf 3");
  const pinnedId = page.url().split("/sessions/")[1];
  expect((await pollAs(phones[0].token)).status).toBe(204);
  expect((await pollAs(phones[2].token)).json.job.session.id).toBe(pinnedId);
});
