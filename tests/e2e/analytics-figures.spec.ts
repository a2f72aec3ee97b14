import type { APIRequestContext } from "@playwright/test";
import { expect, startPhones, test } from "./fixtures";
import { AnalyticsFigures, yAxisProblems } from "./pages/analyticsFigures";
import { xDomain } from "../../src/domain/analytics/ttftScatter";
import { CONFIG_PALETTE } from "../../src/components/analytics/configColors";
import { samePathNotes, trajectoryChart } from "../../src/domain/analytics/progress-chart";
import type { TaskTrajectories } from "../../src/domain/analytics/progress";

// Issue 16.2: figures a reader can trust at a glance. One study of three configs (one with a long
// id) and a second session of one config on a slower app build, so the scatter has two builds.
const TASKS = [
  "bakery-give-number",
  "fifteen-word-sentence",
  "gift-ideas-create",
  "passport-tick",
  "committee-summary-todo",
  "dentist-todo-reminder",
  "vet-booster",
];
const CONFIGS = ["bare", "files", "bash-plan-examples-summarize"];

async function runSession(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  body: object,
  simArgs: string[] = [],
): Promise<string> {
  const created = await request.post("/api/sessions", { data: { order: "interleaved", ...body } });
  expect(created.status()).toBe(201);
  const { session } = await created.json();
  const phones = startPhones(baseURL, token, 2, 7, ["--session", session.id, ...simArgs]);
  try {
    await expect
      .poll(async () => (await (await request.get(`/api/sessions/${session.id}`)).json()).session.progress.done, {
        timeout: 100_000,
      })
      .toBe(session.jobs);
  } finally {
    phones.kill();
  }
  return session.id as string;
}

test("analytics figures: whole tick labels, units, shares, a fitted TTFT range with builds, stable colours, one set of groups, Wilson per config", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { token } = await (await request.post("/api/devices", { data: { name: "figures phones" } })).json();
  const study = await runSession(request, baseURL!, token, {
    name: "Figures: three configs",
    configs: CONFIGS,
    tasks: TASKS,
    repeats: 2,
    seed: 16,
  });
  const slow = await runSession(
    request,
    baseURL!,
    token,
    { name: "Figures: files on a slower build", configs: ["files"], tasks: TASKS, repeats: 1, seed: 17 },
    ["--build", "abc1234", "--build-slowdown", "1.4"],
  );
  const fig = new AnalyticsFigures(page);
  // Screenshots of the fixed state at 1440 and 1024 px; at 1024 the charts' labels must still be whole.
  const shots = async (name: string, charts: string[] = []) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await fig.shoot(`${name}-1440.png`, (n) => test.info().outputPath(n));
    await page.setViewportSize({ width: 1024, height: 900 });
    await fig.fitted();
    for (const id of charts)
      for (const axis of await fig.yAxes(id)) expect(yAxisProblems(axis), `${id} at 1024`).toEqual([]);
    await fig.shoot(`${name}-1024.png`, (n) => test.info().outputPath(n));
    await page.setViewportSize({ width: 1440, height: 900 });
  };
  await page.setViewportSize({ width: 1440, height: 900 });

  // --- Overview: the pass rate per config with Wilson whiskers, in the configs' colours.
  await fig.open("/analytics", [study]);
  const configs = (await (await request.get(`/api/analytics/configs?session=${study}`)).json()).configs as {
    configId: string;
  }[];
  const ids = configs.map((c) => c.configId);
  await fig.drawn("pass-rate-chart");
  await expect(fig.chart("pass-rate-chart").locator(".recharts-bar-rectangle")).toHaveCount(ids.length);
  await expect(fig.chart("pass-rate-chart").locator("[data-whisker]")).toHaveCount(ids.length);
  // Colours come from the suite's config list (bare, files, files-plan, bash, …, the long one ninth).
  const suiteOrder = ["bare", "files", "files-plan", "bash", "bash-plan", "files-plan-examples", "bash-plan-examples"];
  const expected = (id: string) =>
    id === "bash-plan-examples-summarize" ? CONFIG_PALETTE[8] : CONFIG_PALETTE[suiteOrder.indexOf(id)];
  expect(await fig.barFills("pass-rate-chart")).toEqual(ids.map(expected));

  // A long config id is cut with an ellipsis under its bar, the whole id in its title.
  const cats = await fig.categoryTicks("pass-rate-chart");
  expect(cats.map((c) => c.full)).toEqual(ids);
  for (const c of cats) expect(c.title).toBe(c.full);
  expect(
    cats.every((c) => c.shown === c.full || (c.shown.endsWith("…") && c.full.startsWith(c.shown.slice(0, -1)))),
  ).toBe(true);

  // Outcomes as shares: the axis says so and reads 0–100%.
  await fig.drawn("outcome-chart");
  const outcomeAxis = (await fig.yAxes("outcome-chart"))[0];
  expect(outcomeAxis.title?.text).toBe("share of runs (%)");
  expect(outcomeAxis.ticks.map((t) => t.text)).toEqual(["0%", "25%", "50%", "75%", "100%"]);

  // One definition of the task groups: the table's columns are the chart's series.
  for (const k of ["noFiles", "needsFiles", "multiStep", "heldOut"])
    await expect(page.getByTestId(`group-head-${k}`)).toBeVisible();
  const legend = fig.chart("pass-by-group-chart").locator(".recharts-legend-item-text");
  await expect(legend).toHaveText([
    "Tasks that need no files",
    "Tasks that need files (multi-step included)",
    "Multi-step tasks (part of need files)",
    "Held-out tasks",
  ]);
  await expect(page.getByTestId("group-head-needsFiles")).toHaveAttribute(
    "title",
    "Tasks that need files (multi-step included)",
  );
  for (const id of ["pass-rate-chart", "pass-by-group-chart", "outcome-chart"])
    for (const axis of await fig.yAxes(id)) expect(yAxisProblems(axis), id).toEqual([]);
  await shots("overview", ["pass-rate-chart", "pass-by-group-chart", "outcome-chart"]);

  // --- Latency: both sessions, two builds.
  await fig.open("/analytics/latency", [study, slow]);
  await fig.drawn("ttft-scatter");
  await expect(page.getByTestId("ttft-build-abc1234")).toBeVisible();
  await expect(page.getByTestId("ttft-build-sim")).toBeVisible();
  const pts = (await (await request.get(`/api/analytics/ttft/points?session=${study}&session=${slow}`)).json())
    .data as { x: number; build: string }[];
  expect(new Set(pts.map((p) => p.build))).toEqual(new Set(["sim", "abc1234"]));
  const [lo, hi] = xDomain(pts.map((p) => p.x));
  const xt = (await fig.xTicks("ttft-scatter")).map((t) => Number(t.replace(/,/g, "")));
  expect([xt[0], xt[xt.length - 1]]).toEqual([lo, hi]);
  // Fitted: the range is no more than a step and a half wider than the data on either side.
  expect(hi - Math.max(...pts.map((p) => p.x))).toBeLessThan((hi - lo) / 3);

  for (const id of ["ttft-scatter", "tool-calls-chart", "turn-time-chart", "peak-context-chart"]) {
    if (!(await fig.chart(id).count())) continue;
    for (const axis of await fig.yAxes(id)) expect(yAxisProblems(axis), id).toEqual([]);
  }
  const turnAxis = (await fig.yAxes("turn-time-chart"))[0];
  expect(turnAxis.title?.text).toBe("median turn (s)");
  for (const t of turnAxis.ticks) expect(t.text).toMatch(/^\d+(\.\d+)? s$/);
  expect((await fig.yAxes("tool-calls-chart"))[0].title?.text).toBe("tool calls (count)");
  const filesOnLatency = await fig.legendColor("ttft-scatter", "files");
  expect(filesOnLatency).toBe(CONFIG_PALETTE[1]);
  await shots("latency", ["ttft-scatter", "tool-calls-chart", "turn-time-chart"]);

  // --- Progress of the one-config session: `files` keeps its colour (it was the first colour alone).
  await fig.open("/analytics/progress", [slow]);
  await expect(page.getByTestId("progress-legend")).toBeVisible();
  expect(await fig.progressSwatch("files")).toBe(filesOnLatency);
  await fig.open("/analytics/progress", [study]);
  await expect(page.getByTestId("progress-legend")).toBeVisible();
  // Lines that lie on another config's path are named under their chart ("same path as …").
  const tasks = (await (await request.get(`/api/analytics/progress?session=${study}`)).json())
    .tasks as TaskTrajectories[];
  let notes = 0;
  for (const chart of tasks.map(trajectoryChart)) {
    const want = samePathNotes(
      chart.samePath,
      chart.series.map((x) => x.configId),
    ).map((n) => `${n} (dashed)`);
    notes += want.length;
    const el = page.getByTestId(`progress-same-${chart.taskId}`);
    if (want.length) await expect(el.locator("span")).toHaveText(want);
    else await expect(el).toHaveCount(0);
    for (const axis of await fig.yAxes(`progress-chart-${chart.taskId}`))
      expect(yAxisProblems(axis), chart.taskId).toEqual([]);
  }
  expect(notes, "this seed gives overlapping paths to show").toBeGreaterThan(0);
  await shots("progress");

  // --- Steps: every axis names its unit.
  await fig.open("/analytics/steps", [study]);
  await fig.drawn("step-cost-loadS");
  const load = (await fig.yAxes("step-cost-loadS"))[0];
  expect(load.title?.text).toBe("model load (s)");
  for (const t of load.ticks) expect(t.text).toMatch(/ s$/);
  expect((await fig.yAxes("step-cost-startupTokens"))[0].title?.text).toBe("start-up tokens (tokens)");
  for (const id of ["step-cost-loadS", "step-cost-startupTokens", "pass-by-group-chart"])
    for (const axis of await fig.yAxes(id)) expect(yAxisProblems(axis), id).toEqual([]);
  await shots("steps", ["step-cost-loadS", "step-cost-startupTokens"]);
});
