import { expect, test } from "./fixtures";
import { AnalyticsPage } from "./pages/AnalyticsPage";
import { importedRun, importRuns } from "./pages/seed";

// Issue 34.10 and 34.11: notices come at a level (red only where a number may mislead), and a
// selection of a trial session alone offers "include trial runs" instead of "widen the filters".

/** Two configs × two tasks, one repeat each, spread over two phones: a normal, balanced multi-phone session. */
function twoPhoneRuns(tag: string, name: string, over: Record<string, unknown> = {}) {
  return ["files", "bare"].flatMap((configId, c) =>
    ["dentist-todo-reminder", "bakery-give-number"].map((taskId, t) =>
      importedRun({
        runId: `run_${tag}_${c}${t}`,
        sessionId: `ses_${tag}`,
        sessionName: name,
        configId,
        taskId,
        deviceId: t === 0 ? "pixel-e2e-a" : "pixel-e2e-b",
        startedAt: `2026-10-15T10:0${c}:0${t}Z`,
        ...over,
      }),
    ),
  );
}

test("a normal two-phone session is a note; runs counted twice come first, in red", async ({
  page,
  request,
}, testInfo) => {
  const a = new AnalyticsPage(page);
  const [phones] = await importRuns(request, twoPhoneRuns("levels", "E2E levels: two phones"));

  await a.open("/analytics", `session=${phones.id}`);
  const devices = a.notices().filter({ hasText: "It mixes 2 devices" });
  await expect(devices).toHaveAttribute("data-severity", "info");
  await expect(devices).toHaveAttribute("role", "status");
  await expect(devices).toContainText("Note:");
  await expect(page.getByTestId("selection-notices").locator("[data-severity=misleading]")).toHaveCount(0);
  await expect(page.getByTestId("selection-notices").getByRole("alert")).toHaveCount(0);
  await a.shoot("notice-levels-two-phones", testInfo);
  // The session page: an imported session is context, not a warning.
  await page.goto(`/sessions/${phones.id}`);
  await expect(page.getByTestId("imported-notice")).toHaveAttribute("data-severity", "info");
  await a.shoot("notice-levels-session-imported", testInfo);
  await a.open("/analytics", `session=${phones.id}`);

  // The same runs imported again under other run ids: ticked together, they are counted twice.
  const [copy] = await importRuns(
    request,
    twoPhoneRuns("levels_copy", "E2E levels: two phones again", { sessionId: "ses_levels_copy" }),
  );
  await a.open("/analytics", `session=${phones.id}&session=${copy.id}`);
  await expect(page.getByTestId("cell-dentist-todo-reminder-files")).toHaveText("2/2");
  const first = a.notices().first();
  await expect(first).toHaveAttribute("data-severity", "misleading");
  await expect(first).toHaveAttribute("data-kind", "duplicateRuns");
  await expect(first).toHaveAttribute("role", "alert");
  await expect(first).toContainText("May mislead:");
  await expect(first).toContainText("those runs are counted twice");
  // Two sessions and two phones are context: folded into one line that opens.
  await expect(a.notes().getByTestId("notice-notes-summary")).toContainText("2 notes");
  const pooled = a.notes().locator("[data-kind=pooledSessions]");
  await expect(pooled).toBeHidden();
  await a.shoot("notice-levels-duplicate", testInfo);
  await a.notes().getByTestId("notice-notes-summary").click();
  await expect(pooled).toBeVisible();
  await expect(a.notes().locator("[data-kind=mixedDevices]")).toHaveAttribute("data-severity", "info");
  await a.shoot("notice-levels-duplicate-open", testInfo);
});

test("an unbalanced selection is said in red, before the cautions and notes", async ({ page, request }) => {
  const a = new AnalyticsPage(page);
  // "bare" ran one task only: the configs did not run the same work.
  const runs = twoPhoneRuns("unbal", "E2E levels: unbalanced", { charging: null }).filter(
    (r) => !(r.configId === "bare" && r.taskId === "bakery-give-number"),
  );
  runs[0].charging = true;
  const [s] = await importRuns(request, runs);
  await a.open("/analytics", `session=${s.id}`);
  const severities = await a.notices().evaluateAll((els) => els.map((e) => e.getAttribute("data-severity")));
  expect(severities[0]).toBe("misleading");
  expect(severities).toContain("caution");
  expect(severities).toEqual(
    [...severities].sort(
      (x, y) => ["misleading", "caution", "info"].indexOf(x ?? "") - ["misleading", "caution", "info"].indexOf(y ?? ""),
    ),
  );
  await expect(a.notices().first()).toHaveAttribute("data-kind", "unbalanced");
  await expect(page.getByTestId("selection-balance")).toContainText("This selection is unbalanced");
});

test("a trial session alone offers to include trial runs, and the offer shows them", async ({
  page,
  request,
}, testInfo) => {
  const a = new AnalyticsPage(page);
  const [trial] = await importRuns(request, twoPhoneRuns("trial", "E2E levels: dry run", { trial: true }));

  await a.open("/analytics", `session=${trial.id}`);
  await expect(page.getByTestId("analytics-empty")).toContainText(
    `“${trial.name}” is a trial session, and trial runs are left out unless “include trial runs” is ticked: include them to read its 4 runs.`,
  );
  await expect(page.getByTestId("analytics-empty-title")).toHaveText("Trial runs are left out");
  await expect(page.getByTestId("analytics-empty")).not.toContainText("Widen the filters");
  await expect(page.getByTestId("empty-include")).toHaveText("Include trial runs");
  // Said once: in the empty state, not again above it.
  await expect(page.getByTestId("selection-hidden")).toHaveCount(0);
  await a.shoot("notice-levels-trial-only", testInfo);

  await page.getByTestId("empty-include").click();
  await page.waitForURL(/includeTrial=1/);
  await expect(a.headline()).toHaveText(`Showing “${trial.name}” (4 runs).`);
  await expect(page.getByTestId("analytics-empty")).toHaveCount(0);
  await expect(page.getByTestId("selection-hidden")).toHaveCount(0);
  await expect(page.getByTestId("cell-dentist-todo-reminder-files")).toHaveText("1/1");
});
