import { expect, test } from "./fixtures";
import { PIXEL, Phone, queueSession } from "./pages/phone";
import { AnalyticsPage } from "./pages/AnalyticsPage";

// Issue 34.2: a result whose device id differs from the one its poll reported is stored, flagged on
// its run page (both ids, the token's name first) and noted above the analytics of its selection.

test("a result from another device than its poll is stored, flagged on the run and noted in analytics", async ({
  page,
  request,
}) => {
  const phone = await Phone.pair(request, "shared token");
  const id = await queueSession(request, {
    name: "E2E: shared token",
    tasks: ["bakery-give-number"],
    configs: ["bare"],
  });
  const job = await phone.lease(id);
  const runId = await phone.submit(job, {
    reply: "done",
    device: { ...PIXEL.device, id: "e2e-other-phone" },
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("device")).toContainText("shared token · e2e-other-phone");
  await expect(page.getByTestId("device-mismatch")).toHaveText("device id differs from its poll (e2e-pixel)");
  await page.screenshot({ path: test.info().outputPath("run-device-mismatch-1440x900.png") });

  const a = new AnalyticsPage(page);
  await a.open("/analytics", `session=${id}`);
  await expect(a.warnings().filter({ hasText: "differs from the one its phone reported" })).toHaveText(
    "1 run in this selection was submitted with a device id that differs from the one its phone reported when it took the job. Two phones may share a token: open the run to see both ids, and give each phone its own token on Devices.",
  );
});
