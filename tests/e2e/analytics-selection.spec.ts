import { expect, test } from "./fixtures";
import { AnalyticsPage } from "./pages/AnalyticsPage";
import { importedRun, importRuns } from "./pages/seed";

const PAGES = [
  "/analytics",
  "/analytics/latency",
  "/analytics/progress",
  "/analytics/compare",
  "/analytics/steps",
  "/analytics/proficiency",
];

/** Four runs of one session (two tasks × two repeats) on one phone and model. */
function sessionRuns(tag: string, name: string, over: Record<string, unknown> = {}) {
  return ["dentist-todo-reminder", "bakery-give-number"].flatMap((taskId, t) =>
    [1, 2].map((repeat) =>
      importedRun({
        runId: `run_${tag}_${t}${repeat}`,
        sessionId: `ses_${tag}`,
        sessionName: name,
        taskId,
        repeat,
        startedAt: `2026-10-14T09:0${t}:0${repeat}Z`,
        ...over,
      }),
    ),
  );
}

test("analytics never pool by accident: the default is named, mixes and copies are warned of, unknown ids are unknown", async ({
  page,
  request,
}, testInfo) => {
  // Seven pages, two imports of 200 sessions' worth and ten screenshots: more than the default two minutes on a busy machine.
  test.setTimeout(300_000);
  const a = new AnalyticsPage(page);
  // 200 sessions first: the picker must stay usable with them.
  const many = await importRuns(
    request,
    Array.from({ length: 200 }, (_, i) =>
      importedRun({
        runId: `run_many_${i}`,
        sessionId: `ses_many_${i}`,
        // "#": a session id (a ULID) can hold "136", never "#136".
        sessionName: `E2E crowd ${i % 2 ? "ablation" : "night"} #${i}`,
        startedAt: `2026-10-13T0${Math.floor(i / 60)}:${String(i % 60).padStart(2, "0")}:00Z`,
      }),
    ),
  );
  expect(many).toHaveLength(200);
  // Then a phone session and another model's desktop runs, and later a second import of the phone session.
  const [phone, desktop] = await importRuns(request, [
    ...sessionRuns("phone", "E2E selection: phone"),
    ...sessionRuns("desk", "E2E selection: desktop", {
      model: "qwen3-1.7b",
      deviceId: "desktop-e2e",
      buildCommit: "e2e0002",
    }),
  ]);
  const [copy] = await importRuns(request, sessionRuns("phone", "E2E selection: phone"), "E2E selection: phone again");

  // No selection: the newest session (the copy), said above the figures, and its cells are 2/2, not 4/4.
  await a.open();
  await expect(a.headline()).toHaveText(
    "Showing the newest session, “E2E selection: phone again” (4 runs): pick others above to add or compare them.",
  );
  await expect(a.sessionBox(copy.id)).toBeChecked();
  await expect(a.hint()).toHaveText("newest: E2E selection: phone again");
  await expect(page.getByTestId("cell-dentist-todo-reminder-files")).toHaveText("2/2");
  await expect(page.getByTestId("selection-notices")).toHaveCount(0);
  await a.shoot("default-newest", testInfo);

  // Adding the original: the copy's runs are named as counted twice, before anything else.
  await a.tick("selection: phone", phone.id);
  expect(a.sessions().sort()).toEqual([copy.id, phone.id].sort());
  await expect(a.warnings().first()).toContainText(
    "“E2E selection: phone again” repeats 4 runs of “Imported: E2E selection: phone”",
  );
  await expect(a.warnings().nth(1)).toContainText("This selection pools 2 sessions");
  await expect(page.getByTestId("cell-dentist-todo-reminder-files")).toHaveText("4/4");

  // Adding the desktop runs: another model, device and build are named too, on every analytics page and the budget.
  await a.tick("selection: desktop", desktop.id);
  const query = new URL(page.url()).searchParams.toString();
  for (const path of PAGES) {
    await a.open(path, query);
    await expect(page.getByTestId("selection-notices"), path).toContainText(
      "It mixes 2 models (gemma-4-e2b and qwen3-1.7b)",
    );
    await expect(page.getByTestId("selection-notices"), path).toContainText(
      "It mixes 2 devices (desktop-e2e and pixel-e2e)",
    );
    await expect(page.getByTestId("selection-notices"), path).toContainText("It mixes 2 app builds");
  }
  await a.open("/analytics", query);
  await a.shoot("mixed-warnings", testInfo);
  const budget = a
    .sessions()
    .map((s) => `session=${s}`)
    .join("&");
  await a.open("/budget", budget);
  await expect(page.getByTestId("selection-notices")).toContainText("It mixes 2 models");
  await expect(page.getByTestId("budget-sessions").getByTestId("session-hint")).toHaveText("3 selected");
  await a.shoot("budget-selection", testInfo);

  // An id no session has: said to be unknown, not "1 selected" with nothing ticked.
  await a.open("/analytics", "session=ses_not_here");
  await expect(a.unknown()).toContainText("Session “ses_not_here” is unknown here");
  await expect(a.hint()).toHaveText("none selected, 1 unknown");
  await expect(page.getByTestId("session-unknown-ses_not_here")).toBeVisible();
  await expect(page.getByTestId("analytics-empty")).toBeVisible();
  await a.shoot("unknown-id", testInfo);
  await page.getByTestId("session-unknown-ses_not_here").click();
  await expect(page).not.toHaveURL(/ses_not_here/);
  await expect(a.headline()).toContainText("Showing the newest session");

  // 200+ sessions: the list draws at most 50 and says how to find the rest; a search finds one.
  await expect(a.listedSessions()).toHaveCount(50);
  await expect(page.getByTestId("session-more")).toContainText("more: type to narrow the list");
  await a.search("crowd night #136");
  await expect(a.listedSessions()).toHaveCount(2); // the ticked newest session, and the match
  await expect(page.getByTestId("session-count")).toHaveText(`1 of ${await countSessions(request)} match`);
  await a.shoot("picker-search", testInfo);
  const target = many[136];
  await a.sessionBox(target.id).check();
  await page.waitForURL(new RegExp(`session=${target.id}`));
  await expect(a.hint()).toHaveText("2 selected");
});

async function countSessions(request: import("@playwright/test").APIRequestContext) {
  return ((await (await request.get("/api/sessions")).json()).sessions as unknown[]).length;
}
