import { expect, startPhones, test } from "./fixtures";

test("the analytics overview shows the config table, pass-rate chart, task grid and outcomes of real runs", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/analytics");
  // Either the empty state (fresh database) or data from an earlier test in this run.
  const { token } = await (await request.post("/api/devices", { data: { name: "analytics phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: { name: "Analytics: three steps", configs: ["bare", "files", "bash-plan-examples"], repeats: 1, seed: 5 },
  });
  const { session } = await created.json();
  const phones = startPhones(baseURL!, token, 2, 21);
  try {
    await expect
      .poll(async () => (await (await request.get(`/api/sessions/${session.id}`)).json()).session.progress.done, {
        timeout: 90_000,
      })
      .toBe(session.jobs);
  } finally {
    phones.kill();
  }

  await page.goto(`/analytics?session=${session.id}`);
  const api = (await (await request.get(`/api/analytics/configs?session=${session.id}`)).json()).configs as {
    configId: string;
    runs: number;
    passed: number;
  }[];
  expect(api.map((c) => c.configId)).toEqual(["bare", "bash-plan-examples", "files"]);

  const table = page.getByTestId("config-comparison");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  for (const c of api) {
    await expect(page.getByTestId(`cmp-${c.configId}`).getByTestId("passed")).toContainText(`${c.passed}/${c.runs}`);
  }

  // Pass rate chart: 3 configs × 3 series of bars, with error bars.
  const chart = page.getByTestId("pass-by-group-chart");
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(chart.locator("[data-whisker]").first()).toBeAttached();

  // Task grid: 24 tasks × 3 configs, cells read k/n and agree with the API.
  const grid = (await (await request.get(`/api/analytics/tasks?session=${session.id}`)).json()) as {
    tasks: { taskId: string }[];
    cells: Record<string, Record<string, { runs: number; passed: number }>>;
  };
  await expect(page.getByTestId("task-grid").locator("tbody tr")).toHaveCount(grid.tasks.length);
  const first = grid.tasks[0].taskId;
  await expect(page.getByTestId(`cell-${first}-files`)).toHaveText(
    `${grid.cells[first].files.passed}/${grid.cells[first].files.runs}`,
  );

  // Issue 34.11: the overview, the report's Methods and the Suite page count tasks per group one way,
  // and say what they count. This session ran every task of the default suite, so all three agree.
  const tally = page.getByTestId("task-tally");
  await expect(tally).toHaveText(/^\d+ tasks with runs in this selection: \d+ need no files and \d+ need files/);
  const counts = (await tally.textContent())!.replace(/^[^:]*: /, "");
  expect((await tally.textContent())!.startsWith(`${grid.tasks.length} tasks`)).toBe(true);

  // Outcome chart: switching scope redraws the stacked bars.
  const outcomes = page.getByTestId("outcome-chart");
  await expect(outcomes.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await page.getByTestId("outcome-scope-multi_step").click();
  await expect(page.getByTestId("outcome-scope-multi_step")).toHaveAttribute("aria-pressed", "true");
  await expect(outcomes.locator(".recharts-bar-rectangle").first()).toBeVisible();

  await page.goto(`/analytics/report?session=${session.id}`);
  await expect(page.getByTestId("methods-paragraph")).toContainText(
    `${grid.tasks.length} tasks with runs in this selection: ${counts}`,
  );
  await page.goto("/suite");
  await expect(page.getByTestId("suite-task-tally")).toHaveText(`${grid.tasks.length} tasks in the suite: ${counts}`);
  await page.goto(`/analytics?session=${session.id}`);

  // The filter bar writes the URL: unticking the only session goes back to the default (the newest session).
  // That default may be this very session (then its box stays ticked) or one another spec queued since,
  // so the click is a plain click, not uncheck(), which would demand the box change.
  await expect(page.getByTestId("session-hint")).toHaveText("1 selected");
  await page.getByTestId(`filter-session-${session.id}`).click();
  await expect(page).not.toHaveURL(new RegExp(`session=${session.id}`));
  await expect(page.getByTestId("session-hint")).toHaveText(/^newest: /);
});

test("an invalid filter in the address says what to do", async ({ page }) => {
  await page.goto("/analytics?thermal=boiling");
  await expect(page.getByTestId("filter-error")).toContainText("thermal");
});
