import { expect, test } from "./fixtures";
import { Phone, queueSession } from "./pages/phone";
import { AnalyticsPage } from "./pages/AnalyticsPage";

// Issue 34.4: with two sessions selected, one phone has a throttling row per session; each row names
// its session so the two tell apart.

const turn = (p: number) => ({
  promptTokens: p,
  contextTokens: 300 + p,
  ttftMs: 200 + 6 * p,
  outputTokens: 20,
  decodeMs: 1000,
  text: "…",
  toolCalls: [],
});

test("the throttling table names each row's session", async ({ page, request }) => {
  const phone = await Phone.pair(request, "throttle pixel");
  const ids: string[] = [];
  for (const name of ["E2E throttle A", "E2E throttle B"]) {
    const id = await queueSession(request, { name, tasks: ["bakery-give-number"], configs: ["bare"], repeats: 2 });
    for (let i = 0; i < 2; i++)
      await phone.submit(await phone.lease(id), {
        reply: "done",
        startedAt: `2026-10-14T09:0${i}:01Z`,
        endedAt: `2026-10-14T09:0${i}:09Z`,
        turns: [turn(100 + 10 * i), turn(400 + 20 * i)],
      });
    ids.push(id);
  }
  const a = new AnalyticsPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await a.open("/analytics/latency", ids.map((id) => `session=${id}`).join("&"));
  await expect(page.getByTestId("throttling-row")).toHaveCount(2);
  await expect(a.throttlingRow(ids[0]).getByTestId("throttling-session")).toHaveText("E2E throttle A");
  await expect(a.throttlingRow(ids[1]).getByTestId("throttling-session")).toHaveText("E2E throttle B");
  // issue 34.2: the phone by its token's name, the id it reported beside it
  await expect(a.throttlingRow(ids[0]).getByTestId("throttling-device")).toHaveText("throttle pixel · e2e-pixel");
  await expect(a.throttlingRow(ids[1]).getByTestId("throttling-device")).toHaveText("throttle pixel · e2e-pixel");
  await a.throttlingRow(ids[0]).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("throttling-sessions-1440x900.png") });
});

// Issue 34.2: a hot-phone notice names the phone by its token and links to its row on Devices.
test("a hot-phone notice links to that phone's row on Devices", async ({ page, request }) => {
  const phone = await Phone.pair(request, "hot pixel");
  const id = await queueSession(request, {
    name: "E2E hot phone",
    tasks: ["bakery-give-number"],
    configs: ["bare"],
    repeats: 6,
  });
  // decode slows run after run (the same output in ever longer decodes): a phone heating up
  for (let i = 0; i < 6; i++)
    await phone.submit(await phone.lease(id), {
      reply: "done",
      startedAt: `2026-10-14T09:${String(2 * i).padStart(2, "0")}:01Z`,
      endedAt: `2026-10-14T09:${String(2 * i).padStart(2, "0")}:09Z`,
      turns: [{ ...turn(200), decodeMs: 1000 + 400 * i }],
    });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/sessions/${id}`);
  const notice = page.getByTestId("throttling-flag");
  await expect(notice).toContainText("hot pixel · e2e-pixel slowed down during this session");
  // The link follows the notice's sentence, in the same notice.
  const link = page.getByTestId("throttling-notices").getByTestId("throttling-device-link");
  await expect(link).toHaveCount(1);
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/devices#device-dev_[A-Za-z0-9_-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const row = page.locator(href!.slice("/devices".length));
  await expect(row).toHaveClass(/targeted/);
  await expect(row).toContainText("hot pixel");
  await expect(row).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath("hot-phone-devices-row-1440x900.png") });
});
