import { NewSessionPage, SessionPage, expect, startPhones, test } from "./fixtures";
import { NewSessionFormPage } from "./pages/NewSessionFormPage";
import { SessionsListPage } from "./pages/sessions";
import { shots } from "./pages/shots";

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
    // The page lists the latest runs; every run of the session is one link away in the explorer.
    const sessionId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("session-runs-explorer")).toHaveAttribute("href", `/runs?session=${sessionId}`);
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

test("an A/A calibration queued from the form keeps one config and even repeats, and is marked as such", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const form = new NewSessionFormPage(page);
  await form.open();
  await form.name().fill("E2E: noise of this phone");
  await form.pickConfigs(["files", "bash"]);
  await form.calibration().check();
  // One config (the first ticked), the default 6 repeats, and no trial.
  await expect(form.config("files")).toBeChecked();
  await expect(form.config("bash")).not.toBeChecked();
  await expect(form.repeats()).toHaveValue("6");
  await expect(form.trial()).toBeDisabled();
  await expect(form.calibrationHint()).toContainText("arm 1 runs the odd repeats, arm 2 the even ones");
  await form.config("bash").check();
  await expect(form.config("files")).not.toBeChecked();
  await form.pickTasks(["bakery-give-number", "miles-to-km"]);
  await expect(form.summary()).toContainText(
    "2 tasks × 1 config × 6 repeats (A/A calibration: arm 1 the odd repeats, arm 2 the even ones)",
  );
  await form.repeats().fill("5");
  await expect(form.repeatsError()).toContainText("type an even number (2, 4, 6, …), not 5");
  await expect(form.queue()).toBeDisabled();
  await form.repeats().fill("2");
  await expect(form.queue()).toHaveText("Queue 4 jobs");
  await shots(page, "new-session-calibration");
  await form.queue().click();
  await page.waitForURL(/\/sessions\/ses_/);
  const id = page.url().split("/").pop()!;

  await expect(page.getByTestId("calibration-badge")).toHaveText("A/A calibration");
  await expect(page.getByTestId("calibration-arms")).toHaveText(
    "A/A calibration of bash: arm 1 = repeats 1; arm 2 = repeats 2. How far apart the two arms land is this phone's noise.",
  );
  await expect(page.getByTestId("count-queued").locator("b")).toHaveText("4");
  const list = new SessionsListPage(page);
  await list.open();
  await expect(list.row(id).getByTestId("calibration-badge")).toBeVisible();
  // Other specs' simulated phones share this server: leave no jobs for them to lease.
  expect((await page.request.post(`/api/sessions/${id}/cancel`)).status()).toBe(200);

  // Another page can link to the form pre-filled for one config.
  await form.open("?calibration=1&config=files");
  await expect(form.calibration()).toBeChecked();
  await expect(form.config("files")).toBeChecked();
  await expect(form.repeats()).toHaveValue("6");
  await expect(page.getByTestId("session-name")).toHaveValue("A/A calibration: files");
});
