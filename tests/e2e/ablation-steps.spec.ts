import { expect, test } from "./fixtures";
import { StepsPage } from "./pages/StepsPage";
import { importedRun, importRuns } from "./pages/seed";

/** `n` runs of `configId` in a session, all passing `passes` of them. */
function runs(tag: string, session: string, name: string, configId: string, n: number, passes: number) {
  return Array.from({ length: n }, (_, i) =>
    importedRun({
      runId: `run_${tag}_${configId}_${i}`,
      sessionId: session,
      sessionName: name,
      configId,
      repeat: i + 1,
      passed: i < passes,
      outcome: i < passes ? "finished" : "gave_up",
      // Distinct start times per session: the same start would make the runs copies of each other.
      startedAt: `2026-10-15T1${tag === "old" ? 0 : 1}:${String(i).padStart(2, "0")}:00Z`,
    }),
  );
}

test("ablation steps are (session, config) pairs: sensible defaults, never a run-count tie, picked in the address", async ({
  page,
  request,
}, testInfo) => {
  const s = new StepsPage(page);
  // "older" ran bare and files 3 times each (a tie between its configs); "newer" ran files 3 times too.
  const [older, newer] = await importRuns(request, [
    ...runs("old", "ses_steps_old", "E2E steps: older", "bare", 3, 1),
    ...runs("old", "ses_steps_old", "E2E steps: older", "files", 3, 2),
    ...runs("new", "ses_steps_new", "E2E steps: newer", "files", 3, 3),
  ]);
  const both = `session=${older.id}&session=${newer.id}`;

  // Defaults: one step per config, from the session with most runs of it; files ties 3–3, so the newer session.
  await s.open("/analytics/steps", both);
  await expect(s.rows()).toHaveCount(2);
  await expect(s.picker(1)).toHaveValue(`${older.id}:bare`);
  await expect(s.picker(2)).toHaveValue(`${newer.id}:files`);
  await expect(s.row(1).getByTestId("step-passed")).toContainText("1/3");
  await expect(s.row(2).getByTestId("step-passed")).toContainText("3/3");
  await expect(page.getByTestId("steps-guide")).toContainText("Suggested steps");
  await expect(page.getByTestId("selection-warning")).toHaveText([/pools 2 sessions/]);
  await s.shoot("steps-default", testInfo);

  // One session alone: both of its configs are steps (not one config chosen by the 3–3 tie).
  await s.open("/analytics/steps", `session=${older.id}`);
  await expect(s.rows()).toHaveCount(2);
  await expect(s.picker(1)).toHaveValue(`${older.id}:bare`);
  await expect(s.picker(2)).toHaveValue(`${older.id}:files`);

  // Picking: step 2 becomes the older session's files; every step is then in the address, in order.
  await s.open("/analytics/steps", both);
  await s.pick(2, `${older.id}:files`);
  expect(s.steps()).toEqual([`${older.id}:bare`, `${older.id}:files`]);
  await expect(s.row(2).getByTestId("step-passed")).toContainText("2/3");
  await expect(page.getByTestId("steps-guide")).toContainText("The steps you picked");

  // Adding the newer session's files as a third step, then removing the first.
  await s.add(`${newer.id}:files`);
  expect(s.steps()).toEqual([`${older.id}:bare`, `${older.id}:files`, `${newer.id}:files`]);
  await expect(s.rows()).toHaveCount(3);
  await expect(s.row(3).getByTestId("step-session")).toHaveText("Imported: E2E steps: newer");
  await s.shoot("steps-picked", testInfo);
  await s.remove(1);
  expect(s.steps()).toEqual([`${older.id}:files`, `${newer.id}:files`]);
  await expect(s.row(1).getByTestId("step-passed")).toContainText("2/3");
  await expect(s.row(2).getByTestId("step-passed")).toContainText("3/3");

  // The address alone reproduces the view, and the API agrees with it.
  const api = await (await request.get(`/api/analytics/steps?${new URL(page.url()).searchParams}`)).json();
  expect(api.steps.map((x: { sessionId: string; configId: string }) => `${x.sessionId}:${x.configId}`)).toEqual(
    s.steps(),
  );
});
