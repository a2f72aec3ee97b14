import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { Phone, queueSession } from "./pages/phone";
import { LiveSessionPage, SessionsListPage } from "./pages/sessions";
import { AnalyticsPage } from "./pages/AnalyticsPage";

// Issue 34.1: a session cancelled after a few runs reads as cancelled, with the jobs that ran, on
// its page, in the sessions list and above the analytics; never "12 of 12 jobs done (100%) · finished".

/** Viewport screenshots at the two sizes the issue names, into the test's output folder. */
async function views(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a session cancelled after three runs says cancelled, not 100% finished, on its page and in the list", async ({
  page,
  request,
}) => {
  const phone = await Phone.pair(request, "cancel pixel");
  const id = await queueSession(request, {
    name: "E2E: cancelled after three",
    tasks: ["bakery-give-number", "miles-to-km"],
    configs: ["bare", "files"],
    repeats: 3,
  });
  for (let i = 0; i < 3; i++) await phone.submit(await phone.lease(id), { reply: "done" });

  const live = new LiveSessionPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await live.open(id);
  await expect(live.progressText()).toHaveText("3 of 12 jobs done (25%)");
  await live.cancel();

  await expect(live.progressText()).toHaveText("Cancelled after 3 of 12 jobs (25%) · 9 never ran");
  await expect(live.progressText()).toHaveAttribute("data-state", "cancelled");
  await expect(live.eta()).toHaveText("cancelled");
  await expect(live.progressBar()).toHaveAttribute("aria-valuenow", "25");
  await expect(page.getByTestId("session-name")).toContainText("cancelled");
  await expect(page.getByTestId("cancel-session")).toHaveCount(0);
  await expect(live.progressText()).not.toContainText("100%");
  await views(page, "session-cancelled");

  const list = new SessionsListPage(page);
  await list.open();
  await expect(list.cell(id, "state")).toHaveText("cancelled");
  await expect(list.cell(id, "state")).toHaveAttribute("data-state", "cancelled");
  await expect(list.cell(id, "size")).toContainText("3/12 jobs run · 9 cancelled");
  await expect(list.cell(id, "size")).not.toContainText("12/12");
  await views(page, "sessions-list-cancelled");

  // Named in analytics, the session is said to be cancelled above the figures.
  const analytics = new AnalyticsPage(page);
  await analytics.open("/analytics", `session=${id}`);
  await expect(analytics.standing().first()).toHaveText(
    "“E2E: cancelled after three” was cancelled after 3 of 12 jobs: its configs may not cover the same tasks and repeats.",
  );
  await views(page, "analytics-cancelled");
});
