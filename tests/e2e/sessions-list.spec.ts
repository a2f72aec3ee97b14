import { expect, test } from "./fixtures";
import { PIXEL, Phone, queueSession } from "./pages/phone";
import { LiveSessionPage, SessionsListPage, screenshots } from "./pages/sessions";

// Issue 16.3: the sessions list says what each session is (configs, pass rate with n, devices), an
// imported session shows its real size and source settings, and the live page says who holds each
// leased job and since when, draws pass rate by config as runs arrive, and wraps outcome text.

const IPHONE = { ...PIXEL, device: { id: "e2e-iphone", model: "iPhone 15 Pro", os: "iOS 26.1" } };

test("the sessions list shows configs, pass rate with n and devices; an import shows its real runs and source", async ({
  page,
  request,
}) => {
  const pixel = await Phone.pair(request, "list pixel");
  const iphone = await Phone.pair(request, "list iphone", IPHONE);
  const id = await queueSession(request, {
    name: "E2E: list overview",
    tasks: ["bakery-give-number", "miles-to-km"],
    configs: ["bare", "files"],
  });
  // two phones, four runs; none of these traces does the task, so the pass rate is 0 of 4
  for (const phone of [pixel, iphone, pixel, iphone]) await phone.submit(await phone.lease(id), { reply: "done" });
  const exported = await (await request.get(`/api/export/runs.json?session=${id}`)).text();
  const imp = await request.post("/api/import/runs", {
    data: exported,
    headers: { "content-type": "application/json" },
  });
  expect(imp.status()).toBe(201);
  const imported = (await imp.json()).session.id as string;

  const list = new SessionsListPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await list.open();
  await expect(list.cell(id, "configs")).toHaveText("bare, files");
  await expect(list.cell(id, "devices")).toHaveText(/^(Pixel 9, iPhone 15 Pro|iPhone 15 Pro, Pixel 9)$/);
  await expect(list.cell(id, "devices")).toHaveAttribute("title", /e2e-pixel \(Pixel 9, 2 runs\)/);
  await expect(list.cell(id, "pass-rate")).toHaveText("0% (0/4)");
  await expect(list.cell(id, "size")).toContainText("4 runs");
  await expect(list.cell(id, "size")).toContainText("4/4 jobs done");
  // the import: 4 runs, not "0 jobs", and marked as imported rather than "finished"
  await expect(list.cell(imported, "size")).toHaveText("4 runs");
  await expect(list.row(imported)).toContainText("imported");
  await expect(list.cell(imported, "pass-rate")).toHaveText("0% (0/4)");
  await expect(list.cell(imported, "configs")).toHaveText("bare, files");
  await screenshots(page, "sessions-list", (n) => test.info().outputPath(n));

  const live = new LiveSessionPage(page);
  await live.open(imported);
  await expect(live.settings()).toHaveText(
    "Imported from a runs.json: 4 runs · 2 tasks × 2 configs · 1 repeat · gemma-4-e2b · build abc1234 · run 2026-10-14 09:00–09:00 UTC",
  );
  await expect(live.settings()).not.toContainText("lease 0 s");
  await expect(live.settings()).not.toContainText("v0");
  await screenshots(page, "session-imported", (n) => test.info().outputPath(n));
});

test("the live page names who holds each leased job and since when, fills its pass-rate chart and wraps outcomes", async ({
  page,
  request,
}) => {
  const phone = await Phone.pair(request, "holder pixel");
  const id = await queueSession(request, {
    name: "E2E: live holders",
    tasks: ["bakery-give-number", "miles-to-km"],
    configs: ["bare", "files"],
    leaseSeconds: 600,
  });
  const live = new LiveSessionPage(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await live.open(id);
  await expect(live.passChart()).toHaveCount(0);

  // the first run arrives: the chart appears with a bar per config, one of them still empty
  const first = await phone.lease(id);
  await phone.submit(first, {
    reply: "done",
    end: { reason: "crash", detail: "the llama runtime lost its context while decoding the third turn of this run" },
  });
  await expect(live.passChart()).toBeVisible();
  await expect(live.passLabel(first.config.id)).toContainText("0/1 passed · 0% (Wilson 95% 0–79%)");
  const otherConfig = first.config.id === "bare" ? "files" : "bare";
  await expect(live.passLabel(otherConfig)).toContainText("no runs scored yet");
  // each config's bar: a whisker for its Wilson interval once it has a run (at 0% too: a stem and
  // two caps, each drawn on a light halo), "k/n" beside it
  await expect(live.bar(first.config.id).locator(`[data-whisker="${first.config.id}"]`)).toHaveCount(1);
  await expect(live.bar(first.config.id).locator("[data-whisker] line")).toHaveCount(6);
  await expect(live.bar(first.config.id)).toContainText("0/1");
  await expect(live.bar(otherConfig).locator("[data-whisker]")).toHaveCount(0);
  await expect(live.bar(otherConfig)).toContainText("no runs yet");

  // a job held (and heartbeated) by the phone: the page names it, how long, and the turn
  const held = await phone.lease(id);
  await phone.heartbeat(held, 3);
  const holder = live.holders().filter({ hasText: held.task.id });
  await expect(holder).toHaveCount(1);
  // issue 34.2: the token's name with the id the phone reported, as the runs table below names it
  await expect(holder.getByTestId("lease-device")).toHaveText("holder pixel · e2e-pixel");
  await expect(page.getByTestId("run-device")).toHaveText(["holder pixel · e2e-pixel"]);
  await expect(holder.getByTestId("lease-held")).toHaveText(/^for \d+ s$/);
  await expect(holder.getByTestId("lease-held")).toHaveAttribute(
    "title",
    /^leased at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
  );
  await expect(holder).toContainText("on turn 3");
  await expect(holder).toContainText(/last heard \d+ s ago/);

  // the crash's reason wraps inside its cell instead of being cut mid-word
  const outcome = live.outcomes().first();
  await expect(outcome).toContainText("the llama runtime lost its context while decoding the third turn of this run");
  expect(await live.fits(outcome)).toBe(true);
  await screenshots(page, "session-live", (n) => test.info().outputPath(n));

  // the held job's result lands: it leaves the holders, and the chart fills in without a reload
  await phone.submit(held, { reply: "done" });
  await expect(live.holders()).toHaveCount(0);
  await expect(page.getByTestId("run-device")).toHaveText(["holder pixel · e2e-pixel", "holder pixel · e2e-pixel"]);
  const runs = [first.config.id, held.config.id];
  for (const c of ["bare", "files"]) {
    const n = runs.filter((r) => r === c).length;
    await expect(live.passLabel(c)).toContainText(n ? `0/${n} passed` : "no runs scored yet");
  }
});
