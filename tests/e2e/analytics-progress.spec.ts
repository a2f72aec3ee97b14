import { once } from "node:events";
import type { Page } from "@playwright/test";
import { expect, startPhones, test } from "./fixtures";

const MULTI_STEP = [
  "dentist-todo-reminder",
  "committee-summary-todo",
  "landlord-letter-todo",
  "drafts-index-tick",
  "vet-booster",
];
const CONFIGS = ["files-plan", "bash-plan", "bash-plan-examples"];

/** Page object for the Progress & failures tab. */
class ProgressPage {
  constructor(readonly page: Page) {}
  chart(taskId: string) {
    return this.page.getByTestId(`progress-chart-${taskId}`);
  }
  failureRows() {
    return this.page.getByTestId("failure-patterns").locator("tbody tr");
  }
  failureRow(taskId: string, configId: string) {
    return this.page.getByTestId(`failure-row-${taskId}-${configId}`);
  }
}

test("progress trajectories and failure patterns of multi-step runs from simulated phones match the API", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e progress phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: { name: "E2E: progress", tasks: MULTI_STEP, configs: CONFIGS, repeats: 3 },
  });
  expect(created.status()).toBe(201);
  const { id, jobs } = (await created.json()).session;
  expect(jobs).toBe(45);

  const phones = startPhones(baseURL!, token, 2, 5);
  await once(phones, "exit");
  const summary = await (await request.get(`/api/sessions/${id}`)).json();
  expect(summary.session.counts.completed).toBe(45);

  const progress = (await (await request.get(`/api/analytics/progress?session=${id}`)).json()).tasks;
  const { failures } = await (await request.get(`/api/analytics/failures?session=${id}`)).json();
  expect(progress.map((t: { taskId: string }) => t.taskId).sort()).toEqual([...MULTI_STEP].sort());

  const view = new ProgressPage(page);
  await page.goto(`/analytics/progress?session=${id}`);
  await expect(page.getByTestId("analytics-tabs").getByRole("button", { name: "Progress & failures" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  for (const t of progress) {
    const chart = view.chart(t.taskId);
    await expect(chart).toBeVisible();
    // one line per config, each ending in the marker of how most of its runs ended
    await expect(chart.locator(".recharts-line")).toHaveCount(t.configs.length);
    for (const c of t.configs) {
      await expect(chart.locator(`[data-testid="end-${c.end}"][data-config="${c.configId}"]`)).toHaveCount(1);
      const failedBeforeEnd = c.points.slice(0, -1).filter((p: { failed: boolean }) => p.failed).length;
      await expect(chart.locator(`[data-testid="failed-call"][data-config="${c.configId}"]`)).toHaveCount(
        failedBeforeEnd,
      );
      await expect(page.getByTestId(`progress-end-${t.taskId}-${c.configId}`)).toContainText(`of ${c.runs}`);
    }
  }

  // the failure table: one row per failing task × config, the same pattern and k of n as the API
  await expect(view.failureRows()).toHaveCount(failures.length);
  expect(failures.length).toBeGreaterThan(0);
  for (const f of failures) {
    const row = view.failureRow(f.taskId, f.configId);
    await expect(row.getByTestId("failure-pattern")).toHaveText(f.pattern);
    await expect(row.getByTestId("failure-following")).toHaveText(`${f.following} of ${f.failing}`);
    await expect(row.getByTestId("failure-failing")).toHaveText(`${f.failing}/${f.runs}`);
  }
});

test("the progress tab says so when no run matches the filters", async ({ page }) => {
  await page.goto("/analytics/progress?session=ses_missing");
  await expect(page.getByTestId("analytics-empty")).toBeVisible();
});
