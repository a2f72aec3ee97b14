import { expect, startPhones, test } from "./fixtures";
import { RunsExplorerPage } from "./pages/RunsExplorerPage";
import { ImportPage } from "./pages/ImportPage";
import { shots } from "./pages/shots";

const LONG_NAME = "Explorer check: files vs bash-plan-examples on the lab phones, second week";

test.describe.configure({ mode: "serial" });
let sessionId = "";

test.beforeAll(async ({ request, baseURL }) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "explorer-spec phones" } })).json();
  const { session } = await (
    await request.post("/api/sessions", {
      data: {
        name: LONG_NAME,
        configs: ["files", "bash-plan-examples"],
        tasks: ["dentist-todo-reminder", "shopping-append", "bakery-give-number"],
        repeats: 10,
        seed: 5,
      },
    })
  ).json();
  sessionId = session.id;
  const phones = startPhones(baseURL!, token, 2, 41);
  await new Promise((done) => phones.once("exit", done));
});

test("the runs table: one-line session cells, inside its card, 50 a page with a size in the URL, a legend, labelled filters", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const runs = new RunsExplorerPage(page);
  await runs.open(`session=${sessionId}`);

  // The session column is one line: a short name, the full name and id in its title.
  const cell = runs.sessionCells().first();
  await expect(cell).toContainText("Explorer check:");
  await expect(cell).not.toContainText("second week");
  await expect(cell.getByRole("link")).toHaveAttribute("title", `${LONG_NAME} (${sessionId})`);
  const rowHeights = await runs
    .rows()
    .evaluateAll((rs) => rs.slice(0, 10).map((r) => r.getBoundingClientRect().height));
  const lineHeight = await cell.evaluate((td) => parseFloat(getComputedStyle(td).lineHeight) || 20);
  for (const h of rowHeights) expect(h).toBeLessThan(lineHeight * 2.2);

  // 60 runs, 50 a page, a pager, and other page sizes in the address.
  await expect(runs.rows()).toHaveCount(50);
  await expect(runs.pageOf()).toHaveText("Page 1 of 2");
  await runs.pageSize(25).click();
  await expect(page).toHaveURL(/pageSize=25/);
  await expect(runs.rows()).toHaveCount(25);
  await expect(runs.pageOf()).toHaveText("Page 1 of 3");
  await runs.pageSize(100).click();
  await expect(runs.rows()).toHaveCount(60);
  await expect(page.getByTestId("runs-count")).toHaveText("1–60 of 60 runs");

  // Every mark the table uses is in the legend.
  for (const mark of ["◆", "a2", "pass", "fail", "superseded", "not scored", "loop", "trial", "1✗", "–"])
    await expect(runs.legend()).toContainText(mark);

  // The filters say outcomes and groups as the table does.
  const outcomes = await runs.filterLabels("rf-outcome");
  expect(outcomes).toContain("gave up");
  expect(outcomes).toContain("wrong result");
  for (const o of outcomes) expect(o).not.toMatch(/_/);
  expect(await runs.filterLabels("rf-group")).toEqual(["no files needed", "file task", "multi-step file task"]);
  const shownOutcomes = await page.locator("[data-testid=explorer-row] .pill[class*=o-]").allTextContents();
  for (const o of shownOutcomes) expect(outcomes).toContain(o);

  // At 1024 px the page does not scroll sideways: the table scrolls inside its card.
  await page.setViewportSize({ width: 1024, height: 900 });
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const card = await runs.card().boundingBox();
  expect(card!.x + card!.width).toBeLessThanOrEqual(1024);
  expect(await runs.card().evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
  await shots(page, "runs-explorer");
});

test("the search box finds a run by what it holds, keeps the filters, and says so when nothing matches", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const runs = new RunsExplorerPage(page);
  await runs.open(`session=${sessionId}`);
  await expect(runs.rows()).toHaveCount(50);
  // A run's id is one of the words a search finds (its reply, tool arguments and errors the others).
  const href = await runs.rows().nth(7).getByRole("link").first().getAttribute("href");
  const runId = href!.split("/").pop()!;
  await runs.search(runId);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${runId}`));
  await expect(page).toHaveURL(new RegExp(`session=${sessionId}`));
  await expect(runs.rows()).toHaveCount(1);
  await expect(runs.rows().first().getByRole("link").first()).toHaveAttribute("href", `/runs/${runId}`);
  await expect(runs.count()).toHaveText(`1–1 of 1 runs matching “${runId}”`);
  await expect(runs.searchInput()).toHaveValue(runId);
  await shots(page, "runs-explorer-search");

  // A filter changed while searching keeps the search.
  await page.getByTestId("rf-passed").selectOption({ index: 1 });
  await expect(page).toHaveURL(/passed=/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${runId}`));

  // Nothing matches: said in words, with the way back.
  await runs.open(`session=${sessionId}`);
  await runs.search("zebra-quokka-never-said");
  await expect(runs.searchEmpty()).toContainText("No run says “zebra-quokka-never-said”");
  await expect(runs.rows()).toHaveCount(0);
  await shots(page, "runs-explorer-search-empty");
  await page.getByTestId("runs-search-clear-empty").click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(runs.rows()).toHaveCount(50);
  await expect(runs.searchInput()).toHaveValue("");
});

test("runs.csv and runs.json end with v1.1's end_reason, failed_checks, wall_ms and reply; the import keeps them and says what it cannot carry", async ({
  page,
  request,
}) => {
  const csv = await (await request.get(`/api/export/runs.csv?session=${sessionId}`)).text();
  expect(csv.split("\r\n")[0].endsWith(",superseded,end_reason,failed_checks,wall_ms,reply")).toBe(true);

  const file = await (await request.get(`/api/export/runs.json?session=${sessionId}`)).text();
  const source = JSON.parse(file).runs as Record<string, unknown>[];
  const keys = Object.keys(source[0]);
  expect(keys.slice(keys.indexOf("superseded"), keys.indexOf("superseded") + 5)).toEqual([
    "superseded",
    "endReason",
    "failedChecks",
    "wallMs",
    "reply",
  ]);
  const failing = source.find((r) => !r.passed && (r.checks as unknown[]).length > 0)!;
  expect(failing.failedChecks).not.toBe("");
  expect(typeof failing.reply).toBe("string");
  for (const r of source) expect(r.wallMs as number).toBeGreaterThan(0);
  // One CSV line per run (the simulated replies hold no line breaks), plus the header and the final CRLF.
  expect(csv.split("\r\n")).toHaveLength(source.length + 2);

  const imp = new ImportPage(page);
  await imp.open();
  // Before anything is chosen, the page says what a runs.json cannot carry.
  await expect(imp.limits()).toContainText("workspace");
  await expect(imp.limits()).toContainText("cannot be rescored");
  await imp.choose("runs.json", file);
  await imp.submit().click();
  await expect(imp.done()).toContainText("Imported 60 runs into a new session");
  await expect(imp.notCarried()).toContainText("the model's text of each turn");
  await shots(page, "import-done");

  const link = await imp.done().getByRole("link", { name: "Open it" }).getAttribute("href");
  const imported = JSON.parse(
    await (await request.get(`/api/export/runs.json?session=${link!.split("/").pop()}`)).text(),
  ).runs as Record<string, unknown>[];
  const strip = (r: Record<string, unknown>) => ({
    ...r,
    runId: undefined,
    sessionId: undefined,
    sessionName: undefined,
  });
  expect(imported.map(strip)).toEqual(source.map(strip));
});
