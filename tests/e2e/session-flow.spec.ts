import { NewSessionPage, SessionPage, expect, startPhones, test } from "./fixtures";

test("a session created in the browser runs on two simulated phones and its runs appear live", async ({
  page,
  request,
  baseURL,
}) => {
  const device = await request.post("/api/devices", { data: { name: "e2e phones" } });
  expect(device.status()).toBe(201);
  const { token } = await device.json();

  const form = new NewSessionPage(page);
  await form.open();
  await form.create({
    name: "E2E: files vs bash",
    configs: ["files", "bash-plan-examples"],
    tasks: ["bakery-give-number", "wifi-password-search", "shopping-append", "dentist-todo-reminder"],
    repeats: 2,
  });

  const session = new SessionPage(page);
  await expect(page.getByTestId("session-name")).toContainText("E2E: files vs bash");
  await expect(session.count("queued")).toHaveText("16");
  await expect(page.getByTestId("runs-empty")).toBeVisible();

  const phones = startPhones(baseURL!, token, 2, 11);
  try {
    // The page polls: runs appear without a reload, then the session finishes.
    await expect(session.runRows().first()).toBeVisible({ timeout: 60_000 });
    await expect(session.count("completed")).toHaveText("16", { timeout: 90_000 });
    await expect(session.runRows()).toHaveCount(16);
    await expect(page.getByTestId("eta")).toHaveText("finished");
    await expect(page.getByTestId("progress-text")).toHaveText("16 of 16 jobs done (100%)");

    // Each run shows a verdict and an outcome label; configs get pass counts with intervals.
    const first = session.runRows().first();
    await expect(first.locator(".pill").first()).toHaveText(/pass|fail/);
    for (const id of ["files", "bash-plan-examples"]) {
      const row = page.getByTestId(`config-row-${id}`);
      await expect(row.locator("td").nth(1)).toHaveText("8");
      await expect(row.locator("td").nth(4)).toHaveText(/^\d+–\d+%$/);
    }

    // The API agrees with the page.
    const id = page.url().split("/").pop();
    const summary = await (await request.get(`/api/sessions/${id}`)).json();
    expect(summary.session.counts).toEqual({ queued: 0, leased: 0, completed: 16, failed: 0, cancelled: 0 });
    const devices = new Set(
      (await (await request.get(`/api/sessions/${id}/runs`)).json()).runs.map((r: { deviceId: string }) => r.deviceId),
    );
    expect(devices.size).toBe(2);
  } finally {
    phones.kill();
  }
});

test("the sessions list guides a newcomer and the devices page shows a new token once", async ({ page }) => {
  await page.goto("/devices");
  await page.getByTestId("device-name").fill("Pixel 9 (lab)");
  await page.getByTestId("create-device").click();
  await expect(page.getByTestId("token-value")).toHaveText(/^hl_[A-Za-z0-9_-]{40,}$/);
  await expect(page.getByTestId("devices-table")).toContainText("Pixel 9 (lab)");
  await page.reload();
  await expect(page.getByTestId("new-token")).toHaveCount(0);
});
