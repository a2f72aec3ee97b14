import { expect, test } from "./fixtures";
import { ImportPage } from "./pages/ImportPage";
import { NewSessionFormPage } from "./pages/NewSessionFormPage";
import { DevicesPage } from "./pages/DevicesPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { shots } from "./pages/shots";

/** Words no error the UI shows may hold: the API's terms for scripts, and zod's type jargon. */
const JARGON =
  /`issues`|\bissues\b|\bbody\b|received undefined|expected (string|number)|tasks\.\d+\.fixtures\.\d+|runs\.\d+\./;

test("a CSV dropped on the import page is named as a CSV, and a broken runs.json names its runs", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const imp = new ImportPage(page);
  await imp.open();
  await imp.choose("runs.csv", "run_id,session_id,session_name,trial\r\nrun_1,ses_1,x,false\r\n", "text/csv");
  await expect(imp.error()).toContainText(
    "This is a CSV file; import takes the runs.json export (Runs → Export → runs.json).",
  );
  await expect(imp.submit()).toBeDisabled();
  await shots(page, "import-csv");

  const broken = { version: 1, runs: [{ runId: "run_broken_1", outcome: "exploded", turnCount: -1 }] };
  await imp.choose("runs.json", JSON.stringify(broken));
  await imp.submit().click();
  const error = imp.error();
  await expect(error).toContainText("The file was not imported: it is not a valid runs.json export.");
  await expect(error).toContainText("Run 1 (run_broken_1), taskId is missing.");
  await expect(error).toContainText(
    "Run 1 (run_broken_1), outcome must be one of finished, wrong_result, asked_instead",
  );
  await expect(error).toContainText("Run 1 (run_broken_1), turnCount must be at least 0.");
  expect(await error.textContent()).not.toMatch(JARGON);
  await shots(page, "import-invalid");
});

test("a suite whose fixture fails names the task and the fixture by id", async ({ page, request }) => {
  const { suite } = await (await request.get("/api/suites/phone-20")).json();
  const task = suite.tasks[0];
  const broken = structuredClone(suite);
  broken.id = "words-check";
  broken.tasks = [structuredClone(task)];
  // A pass fixture that no longer passes, and one with its reply left out.
  const pass = broken.tasks[0].fixtures.find((f: { expect: string }) => f.expect === "pass");
  pass.workspace = { files: [] };
  pass.reply = "";
  const other = broken.tasks[0].fixtures.find((f: { expect: string }) => f.expect === "fail");
  delete other.reply;

  await page.goto("/suite");
  await page
    .getByTestId("suite-file")
    .setInputFiles({ name: "suite.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
  const error = page.getByTestId("suite-import-error");
  await expect(error).toContainText("The suite was not stored: fix the problems below and import it again.");
  await expect(error).toContainText(`Task ${task.id}, fixture ${other.name}, reply is missing.`);
  expect(await error.textContent()).not.toMatch(JARGON);
  await shots(page, "suite-invalid");
});

test("unknown sessions, runs and suites get a not-found page in the app's layout with a way back", async ({ page }) => {
  const nf = new NotFoundPage(page);
  for (const [path, kind, back] of [
    ["/sessions/ses_does_not_exist", "session", "/"],
    ["/runs/run_does_not_exist", "run", "/runs"],
    ["/suites/no-such-suite", "suite", "/suite"],
  ] as const) {
    const res = await page.goto(path);
    expect(res!.status()).toBe(404);
    await expect(nf.panel()).toContainText(`No ${kind} with this id`);
    await expect(nf.id()).toHaveText(path.split("/").pop()!);
    await expect(nf.nav()).toBeVisible();
    await expect(nf.back()).toHaveAttribute("href", back);
    await shots(page, `not-found-${kind}`);
  }
  await nf.back().click();
  await expect(page).toHaveURL(/\/suite$/);
});

test("the New session form keeps what is typed, checks repeats and lease seconds beside the field, and its button says what it will queue", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const form = new NewSessionFormPage(page);
  await form.open();
  await form.name().fill("Words check");
  await form.pickConfigs(["files", "bash"]);
  const tasks = Number((await page.getByText(/^All \d+ tasks$/).textContent())!.match(/\d+/)![0]);
  await expect(form.queue()).toHaveText(`Queue ${tasks * 2 * 3} jobs`);

  // Clearing the field leaves it empty (it used to snap to 0) and says why nothing can be queued.
  await form.repeats().fill("");
  await expect(form.repeats()).toHaveValue("");
  await expect(form.repeatsError()).toHaveText("Repeats: type a whole number from 1 to 100.");
  await expect(form.queue()).toBeDisabled();
  await expect(form.queue()).toHaveText("Queue: fix the repeats");
  await form.repeats().pressSequentially("150");
  await expect(form.repeats()).toHaveValue("150");
  await expect(form.repeatsError()).toHaveText("Repeats: 150 is out of range; type a whole number from 1 to 100.");
  await form.repeats().fill("2.5");
  await expect(form.repeatsError()).toContainText("no decimals");
  await form.leaseSeconds().fill("");
  await form.leaseSeconds().pressSequentially("abc");
  await expect(form.leaseError()).toContainText("Lease seconds: type a whole number");
  await expect(form.blockers()).toContainText("Lease seconds");
  await shots(page, "new-session-invalid");

  await form.repeats().fill("4");
  await form.leaseSeconds().fill("300");
  await expect(form.repeatsError()).toHaveCount(0);
  await expect(form.leaseError()).toHaveCount(0);
  await expect(form.queue()).toBeEnabled();
  await expect(form.queue()).toHaveText(`Queue ${tasks * 2 * 4} jobs`);
  await shots(page, "new-session-valid");
  await form.queue().click();
  await page.waitForURL(/\/sessions\/ses_/);
  await expect(page.getByTestId("count-queued").locator("b")).toHaveText(String(tasks * 2 * 4));
  // Other specs' simulated phones share this server: leave no jobs for them to lease.
  const id = page.url().split("/").pop()!;
  expect((await page.request.post(`/api/sessions/${id}/cancel`)).status()).toBe(200);
});

test("the Devices page gives the new token with copy buttons and the exact sim and device commands for this server", async ({
  page,
  baseURL,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.setViewportSize({ width: 1440, height: 900 });
  const devices = new DevicesPage(page);
  await devices.open();
  const token = await devices.createToken("words-check phone");
  expect(token.length).toBeGreaterThan(10);
  await expect(devices.simCommand()).toHaveText(
    `npm run sim -- --url ${baseURL} --token ${token} --devices 1 --until-idle`,
  );
  await expect(devices.deviceCommand()).toContainText(
    `npm run device -- --url ${baseURL} --token ${token} --model-url `,
  );
  await devices.copySim().click();
  await expect(devices.copySim()).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `npm run sim -- --url ${baseURL} --token ${token} --devices 1 --until-idle`,
  );
  await devices.copyToken().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shots(page, "devices-token");
});

test("pages link an icon the server serves, so no page asks for a missing favicon (issue 34.11)", async ({ page }) => {
  const missing: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await page.request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  await page.goto("/runs");
  expect(missing).toEqual([]);
});

test("/sessions, where a newcomer looks for the sessions list, leads to it (issue 35.6)", async ({ page }) => {
  const res = await page.goto("/sessions");
  expect(res?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/");
  await expect(page.getByTestId("sessions-empty").or(page.getByTestId("sessions-table"))).toBeVisible();
});
