import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { pathToFileURL } from "node:url";
import { expect, startPhones, test } from "./fixtures";
import { listFiles, unpack, urlsInReport } from "./report-files";

const PAGES = [
  { app: "/analytics", file: "overview.html" },
  { app: "/analytics/latency", file: "latency.html" },
  { app: "/analytics/progress", file: "progress.html" },
  { app: "/analytics/compare", file: "compare.html" },
  { app: "/analytics/steps", file: "steps.html" },
  { app: "/analytics/proficiency", file: "proficiency.html" },
];

test("Download report saves a folder that opens from disk with the network blocked, with every figure, the methods and failing traces", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e report phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: {
      name: "E2E: study report",
      configs: ["files", "files-plan", "bash-plan-examples"],
      tasks: ["bank-letter-copy", "crates-of-apples", "dentist-todo-reminder", "vet-booster", "warranty-find-read"],
      repeats: 2,
      seed: 4,
    },
  });
  const { id } = (await created.json()).session;
  const phones = startPhones(baseURL!, token, 2, 9);
  await once(phones, "exit");

  // What the app itself draws for this selection: chart frames per page, once no chart waits for
  // its script (the overview's load after the page is interactive: data-chart-pending) and every
  // one has drawn.
  const live: Record<string, string[]> = {};
  for (const p of PAGES) {
    await page.goto(`${p.app}?session=${id}`);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            !document.querySelector("[data-chart-pending]") &&
            [...document.querySelectorAll(".recharts-responsive-container")].every((b) =>
              b.querySelector("svg.recharts-surface"),
            ),
        ),
      )
      .toBe(true);
    live[p.file] = await page
      .locator("[data-chart-frame]")
      .evaluateAll((fs) => fs.map((f) => f.getAttribute("data-chart-frame")!));
  }
  expect(live["overview.html"]).toContain("pass-rate-by-group");
  expect(live["latency.html"]).toContain("ttft-against-prompt-tokens");

  await page.goto(`/analytics?session=${id}`);
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 240_000 }),
    page.getByTestId("download-report").click(),
  ]);
  expect(download.suggestedFilename()).toBe("harness-lab-report.zip");
  const dir = unpack((await download.path())!, fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-report-")));
  const files = listFiles(dir);
  expect(files).toContain("index.html");
  expect(files.filter((f) => f.startsWith("runs/")).length).toBeGreaterThan(0);
  expect(urlsInReport(dir)).toEqual([]);

  // From disk, in a browser that may fetch nothing but files.
  const offline = await browser.newContext({ offline: true });
  const tab = await offline.newPage();
  const refused: string[] = [];
  await tab.route("**", (route) =>
    route.request().url().startsWith("file:") ? route.continue() : (refused.push(route.request().url()), route.abort()),
  );
  const failedFiles: string[] = [];
  tab.on("requestfailed", (r) => failedFiles.push(r.url()));

  await tab.goto(pathToFileURL(path.join(dir, "index.html")).href);
  await expect(tab.getByTestId("methods-paragraph")).toContainText("E2E: study report");
  await expect(tab.getByTestId("methods-paragraph")).toContainText("3 harness configs were compared");
  await expect(tab.locator("script")).toHaveCount(0);

  for (const p of PAGES) {
    await tab.goto(pathToFileURL(path.join(dir, p.file)).href);
    const frames = tab.locator("[data-chart-frame]");
    const names = await frames.evaluateAll((fs) => fs.map((f) => f.getAttribute("data-chart-frame")!));
    // Every chart the app draws is in the report (How runs ended once per view), each with its SVG and its file.
    for (const name of live[p.file])
      expect(names.some((n) => n === name || (name.startsWith("outcomes-") && n.startsWith("outcomes-")))).toBe(true);
    if (p.file === "overview.html")
      expect(names.filter((n) => n.startsWith("outcomes-")).sort()).toEqual([
        "outcomes-all",
        "outcomes-files",
        "outcomes-multi_step",
      ]);
    for (let i = 0; i < names.length; i++) {
      await expect(frames.nth(i).locator(".recharts-wrapper > svg.recharts-surface path").first()).toBeAttached();
      const file = await frames.nth(i).getByTestId("figure-file").getAttribute("href");
      expect(fs.readFileSync(path.join(dir, file!), "utf8")).toMatch(/^<svg xmlns=/);
    }
    await expect(tab.locator("script")).toHaveCount(0);
  }

  // A failure pattern's count leads to those runs' traces, all on disk.
  await tab.goto(pathToFileURL(path.join(dir, "progress.html")).href);
  await tab.locator("[data-testid=failure-failing] a").first().click();
  await expect(tab).toHaveURL(/index\.html#fail-/);
  await tab.locator("[data-testid=failing-run]").first().click();
  await expect(tab).toHaveURL(/runs\/run_[^/]+\.html$/);
  await expect(tab.getByTestId("run-title")).toBeVisible();

  expect(refused).toEqual([]);
  expect(failedFiles).toEqual([]);
  await offline.close();
});
