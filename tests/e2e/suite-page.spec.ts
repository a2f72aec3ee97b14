import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Suite } from "@/domain/suite/schema";
import { expect, test } from "./fixtures";

/** The default suite as the repository has it, so the test names real fixtures. */
const suite = JSON.parse(readFileSync(path.resolve(__dirname, "..", "..", "suites", "phone-20.json"), "utf8")) as Suite;

/** Page object for the suite page. */
class SuitePage {
  constructor(readonly page: Page) {}
  async open(url = "/suite") {
    return this.page.goto(url);
  }
  counts() {
    return this.page.getByTestId("suite-counts");
  }
  task(id: string) {
    return this.page.getByTestId(`task-${id}`);
  }
  async expand(id: string) {
    await this.task(id).locator("summary").first().click();
    await expect(this.task(id)).toHaveAttribute("open", "");
  }
  fixtureRow(taskId: string, index: number) {
    return this.page.getByTestId(`fixture-${taskId}-${index}`);
  }
}

test("the suite page shows the default suite and judges a task's fixtures", async ({ page }) => {
  const view = new SuitePage(page);
  await view.open();
  await expect(view.counts()).toContainText("24 tasks");
  await expect(view.counts()).toContainText("10 configs");
  await expect(page.getByTestId("self-test")).toContainText("all judged as expected");

  const id = "dentist-todo-reminder";
  const task = suite.tasks.find((t) => t.id === id)!;
  await expect(view.task(id).getByTestId("milestones")).toBeHidden();
  await view.expand(id);

  const milestones = view.task(id).getByTestId("milestones");
  await expect(milestones).toBeVisible();
  for (const m of task.milestones!) await expect(milestones).toContainText(m.label);

  const pass = task.fixtures.findIndex((f) => f.expect === "pass");
  const fail = task.fixtures.findIndex((f) => f.expect === "fail");
  await expect(view.fixtureRow(id, pass)).toContainText(task.fixtures[pass].name);
  await expect(view.fixtureRow(id, pass).getByTestId("verdict")).toHaveText("pass");
  await expect(view.fixtureRow(id, fail)).toContainText(task.fixtures[fail].name);
  await expect(view.fixtureRow(id, fail).getByTestId("verdict")).toHaveText("fail");
});

test("a suite by id has the same page, and an unknown id answers not found", async ({ page }) => {
  const view = new SuitePage(page);
  await view.open("/suites/phone-20");
  await expect(view.counts()).toContainText("24 tasks");

  const res = await view.open("/suites/nope");
  expect(res?.status()).toBe(404);
  // Issue 16.7: in the app's layout, naming the id, with a way back to the suites.
  await expect(page.getByTestId("not-found")).toContainText("No suite with this id");
  await expect(page.getByTestId("not-found-back")).toHaveAttribute("href", "/suite");
});

test('a new user\'s suite with a "searched the notes" milestone and plain end-state fixtures imports with a warning', async ({
  page,
}) => {
  const doc = JSON.parse(
    readFileSync(path.resolve(__dirname, "..", "fixtures", "suite-import", "notes-search.json"), "utf8"),
  );
  doc.id = `notes-search-e2e-${Date.now()}`; // other specs share this server
  await page.goto("/suite");
  await page.getByTestId("suite-file").setInputFiles({
    name: "notes-search.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  const done = page.getByTestId("suite-import-done");
  await expect(done).toContainText(`Stored ${doc.id} v1`);
  await expect(done.getByTestId("suite-import-warnings")).toContainText("1 warning");
  await expect(done.getByTestId("suite-import-warnings")).toContainText(
    "milestone searched (searched the notes) depends on tool calls",
  );

  await page.goto(`/suites/${doc.id}`);
  await expect(page.getByTestId("self-test")).toContainText("3 fixtures, all judged as expected");
  await expect(page.getByTestId("suite-warnings")).toContainText("passport-reminder");
  await expect(page.getByTestId("suite-warnings")).toContainText(
    "no expect: pass fixture (reminder added) lists calls",
  );
});

test("the task search finds tasks by id and the pager says what is shown (issue 14)", async ({ page }) => {
  const view = new SuitePage(page);
  await view.open("/suite");
  await expect(page.getByTestId("task-range")).toContainText(`Tasks 1–${suite.tasks.length} of ${suite.tasks.length}`);
  await expect(page.getByTestId("pager-next")).toHaveCount(0); // the default suite fits one page
  await page.getByTestId("task-search").getByRole("searchbox").fill("dentist-todo-reminder");
  await page.getByTestId("task-search").getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/\?q=dentist-todo-reminder/);
  await expect(view.task("dentist-todo-reminder")).toBeVisible();
  await expect(page.locator('[data-testid^="task-"][id^="task-"]')).toHaveCount(1);
  await expect(page.getByTestId("task-range")).toContainText("matching “dentist-todo-reminder”");
});

test("invalid UTF-8 escapes in the query and the path are answered, not stored or echoed broken (issue 14)", async ({
  page,
  request,
}) => {
  // URLSearchParams decodes %ED%A0%80 (an encoded lone surrogate) to U+FFFD: a search that matches nothing.
  const res = await page.goto("/suite?q=%ED%A0%80");
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("task-range")).toContainText("No task matches");
  // In a path it is refused before Next.js, which answered these with a bare 500.
  for (const url of ["/api/suites/x%ED%A0%80", "/api/runs/run%ED%A0%80", "/api/sessions/%ED%A0%80", "/suites/x%ZZ"]) {
    const r = await request.get(url);
    expect(r.status(), url).toBe(400);
    expect((await r.json()).error.code, url).toBe("invalid_request");
  }
});
