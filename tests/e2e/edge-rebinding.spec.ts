import fs from "node:fs";
import { chromium } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startServer } from "./server";

/*
 * Issue 14, point 1: DNS rebinding. A page served from http://attacker.test:<port>, a name its
 * owner then points at 127.0.0.1, is same-origin with everything it fetches there: no Origin or
 * CORS check sees it, only the Host it sends. Chromium's resolver maps attacker.test to 127.0.0.1
 * (as the rebound DNS answer would); the attacker's page itself is served by a route, since the
 * dashboard on that port would serve its own.
 */
test("a page on a name rebound to 127.0.0.1 can neither create a token, list devices nor download runs.json", async () => {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--host-resolver-rules=MAP attacker.test 127.0.0.1",
      "--disable-features=LocalNetworkAccessChecks",
    ],
  });
  try {
    const page = await browser.newPage();
    const evil = `http://attacker.test:${server.port}`;
    await page.route(`${evil}/evil.html`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>cute cats</title><p>cats" }),
    );
    await page.goto(`${evil}/evil.html`);
    const stolen = await page.evaluate(async () => {
      const answer = async (r: Response) => ({ status: r.status, body: await r.text() });
      return {
        token: await answer(
          await fetch("/api/devices", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "pwned" }),
          }),
        ),
        devices: await answer(await fetch("/api/devices")),
        runs: await answer(await fetch("/api/export/runs.json")),
        page: await answer(await fetch("/devices")),
      };
    });
    for (const [what, a] of Object.entries(stolen)) {
      expect(a.status, `${what}: ${a.body.slice(0, 200)}`).toBe(421);
      const body = JSON.parse(a.body);
      expect(body.error.code).toBe("misdirected_request");
      expect(body.error.message).toMatch(/attacker\.test.*ALLOWED_HOSTS/);
    }
    // Nothing was created, and the dashboard still answers its own name.
    const devices = await (await fetch(`${server.base}/api/devices`)).json();
    expect(devices.devices).toEqual([]);
    const own = await browser.newPage();
    await own.goto(`http://localhost:${server.port}/devices`);
    await expect(own.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    await browser.close();
    process.kill(-server.child.pid!, "SIGKILL");
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
});
