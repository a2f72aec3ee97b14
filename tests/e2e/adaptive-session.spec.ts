import { expect, startPhones, test } from "./fixtures";
import { shots } from "./pages/shots";

// Issues 36.2–36.3: a researcher queues an adaptive, pre-registered session from the browser and
// watches it stop itself on simulated phones that play a known effect (bash fails about 60% of the
// tasks files passes), with the decision and the runs saved on the page.
test("an adaptive, pre-registered session queued in the browser stops itself and says what it saved", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const device = await request.post("/api/devices", { data: { name: "e2e adaptive phones" } });
  expect(device.status()).toBe(201);
  const { token } = await device.json();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/sessions/new");
  await page.getByTestId("session-name").fill("E2E: adaptive files vs bash");
  for (const c of ["files", "bash"]) await page.getByTestId("config-options").locator(`input[value="${c}"]`).check();
  await page.getByTestId("adaptive").check();
  // Adaptive repeats follow a plan: it is ticked with them, a and b the two configs in the order ticked.
  await expect(page.getByTestId("plan-preregister")).toBeChecked();
  await expect(page.getByTestId("plan-a")).toHaveValue("files");
  await expect(page.getByTestId("plan-b")).toHaveValue("bash");
  await expect(page.getByTestId("repeats")).toHaveValue("3");
  await expect(page.getByTestId("repeats")).toBeDisabled();
  await page.getByTestId("plan-b").selectOption("files");
  await expect(page.getByTestId("queue-blockers")).toContainText("Plan: a and b must be two different configs.");
  await expect(page.getByTestId("create-session")).toBeDisabled();
  await page.getByTestId("plan-b").selectOption("bash");
  await page.getByTestId("min-repeats").fill("1");
  await page.getByTestId("max-repeats").fill("3");
  await expect(page.getByTestId("queue-summary")).toContainText(
    "24 tasks × 2 configs · adaptive: 48 jobs now (1 repeat each), at most 144 (3 repeats) as the comparison needs",
  );
  await expect(page.getByTestId("create-session")).toHaveText("Queue 48 jobs");
  await shots(page, "new-session-adaptive");
  await page.getByTestId("create-session").click();
  await page.waitForURL(/\/sessions\/ses_/);
  const id = page.url().split("/").pop()!;

  const detail = await (await request.get(`/api/sessions/${id}`)).json();
  expect(detail.session.plan).toMatchObject({ a: "files", b: "bash", alpha: 0.05, minRepeats: 1, maxRepeats: 3 });
  await expect(page.getByTestId("session-plan")).toContainText(
    `Pre-registered plan · sha256 ${detail.session.plan.sha256.slice(0, 12)}…`,
  );
  await expect(page.getByTestId("adaptive-decision")).toHaveAttribute("data-state", "running");

  const phones = startPhones(baseURL!, token, 2, 7, [
    "--speed",
    "20000",
    "--effect",
    "files,bash,0.6",
    "--session",
    id,
  ]);
  try {
    await expect(page.getByTestId("adaptive-decision")).toHaveAttribute("data-state", "decided", { timeout: 180_000 });
    await expect(page.getByTestId("adaptive-decision")).toHaveText(
      /^files better than bash by \d+–\d+ pts \(anytime 95%\): decided$/,
    );
    await expect(page.getByTestId("adaptive-saved")).toContainText(/\d+ runs queued: \d+ of 144 saved \(\d+%\)/);
    // The phones finish what was queued, and nothing more: the page's counts stop below the fixed design.
    await expect(page.getByTestId("progress-text")).toHaveText(/^(\d+) of \1 jobs done \(100%\)$/, {
      timeout: 120_000,
    });
    const after = await (await request.get(`/api/sessions/${id}`)).json();
    expect(after.session.adaptive.state).toBe("decided");
    expect(after.session.adaptive.runsSaved).toBeGreaterThan(0);
    expect(after.session.adaptive.runsQueued + after.session.adaptive.runsSaved).toBe(144);
    // The pooled bars say they weigh the repeated tasks more.
    await expect(page.getByTestId("pooled-adaptive")).toContainText("tasks ran 1–3 repeats");
    // The plan's pair is marked planned in the comparisons; nothing else is compared here.
    await expect(page.getByTestId("row-planned")).toHaveCount(1);
    await shots(page, "session-adaptive-decided");

    // The compare page holds the comparison against the plan: its pair is planned, a pooled selection is exploratory.
    const sha256 = after.session.plan.sha256 as string;
    await page.goto(`/analytics/compare?session=${id}&a=files&b=bash&includeTrial=1`);
    await expect(page.getByTestId("plan-standing")).toHaveAttribute("data-planned", "1");
    await expect(page.getByTestId("plan-standing")).toContainText(`sha256 ${sha256}`);
    await page.goto(`/analytics/compare?a=files&b=bash&includeTrial=1&session=${id}&session=${id}x`);
    await expect(page.getByTestId("exploratory-label")).toHaveText("exploratory");
    await shots(page, "compare-exploratory");
    // The report's first page carries the plan with its full hash.
    await page.goto(`/analytics/report?session=${id}&includeTrial=1`);
    await expect(page.getByTestId("report-plan-hash")).toHaveText(sha256);
    // Rerun with this seed opens the form with the same plan and repeat bounds.
    await page.goto(`/sessions/${id}`);
    await page.getByTestId("rerun-with-seed").click();
    await page.waitForURL(/\/sessions\/new\?/);
    await expect(page.getByTestId("adaptive")).toBeChecked();
    await expect(page.getByTestId("plan-a")).toHaveValue("files");
    await expect(page.getByTestId("plan-b")).toHaveValue("bash");
    await expect(page.getByTestId("plan-alpha")).toHaveValue("0.05");
    await expect(page.getByTestId("max-repeats")).toHaveValue("3");
    await expect(page.getByTestId("create-session")).toHaveText("Queue 48 jobs");
  } finally {
    phones.kill();
  }
});
