import type { APIRequestContext } from "@playwright/test";
import { expect, startPhones, test } from "./fixtures";
import { splitRefs, xDomain } from "../../src/domain/analytics/ttftScatter";

/**
 * A later build on one of the simulated phones, submitted by hand through the device protocol:
 * its turns lie exactly on an 8 ms/token line, steeper than the simulator's ~5.8, so the page
 * must flag it as a TTFT regression.
 */
async function runSlowBuild(request: APIRequestContext, token: string, jobs: number) {
  const headers = { authorization: `Bearer ${token}` };
  const device = { id: "sim-iphone15pro-1", model: "iPhone 15 Pro (simulated)", os: "iOS 26.1" };
  const build = { commit: "slow-build", app: "0.8.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" };
  for (let i = 0; i < jobs; i++) {
    const poll = await request.post("/api/device/v1/poll", {
      headers,
      data: { device, build, state: { thermal: "nominal", charging: false } },
    });
    expect(poll.status()).toBe(200);
    const { job } = await poll.json();
    const turn = (p: number) => ({
      promptTokens: p,
      contextTokens: 300 + p,
      ttftMs: 200 + 8 * p,
      outputTokens: 20,
      decodeMs: 1000,
      text: "…",
      toolCalls: [],
    });
    const trace = {
      leaseToken: job.lease.token,
      attempt: job.attempt,
      device,
      build,
      startedAt: "2026-10-14T09:00:01Z",
      endedAt: "2026-10-14T09:00:09Z",
      conditions: { thermalAtStart: "nominal", charging: false },
      load: { startupTokens: 300, ms: 2600 },
      turns: [turn(50 + 25 * i), turn(400 + 50 * i), turn(900 + 75 * i)],
      reply: "",
      end: { reason: "stop" },
      peakContextTokens: 420,
      workspace: job.task.workspace,
    };
    expect((await request.post(`/api/device/v1/jobs/${job.id}/result`, { headers, data: trace })).status()).toBe(201);
  }
}

test("the latency page draws TTFT, peak context and tool calls from simulated phones and flags a slower build", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "latency phones" } })).json();
  const created = await request.post("/api/sessions", {
    data: {
      name: "E2E latency",
      configs: ["files-plan", "bash"],
      tasks: ["dentist-todo-reminder", "vet-booster", "bakery-give-number", "wifi-password-search"],
      repeats: 2,
    },
  });
  expect(created.status()).toBe(201);
  // Other specs share this server: look only at this test's two sessions.
  const ids = [(await created.json()).session.id as string];
  // One phone: the slow build is compared with this phone's own "sim" runs, so the phone must have run
  // all of them in a fixed order (two phones racing for jobs left it as few as two, and the clustered
  // interval of so few runs too wide to flag the slowdown).
  const phones = startPhones(baseURL!, token, 1, 5);
  await new Promise((done) => phones.once("exit", done));
  const slow = await request.post("/api/sessions", {
    data: { name: "E2E slow build", configs: ["bash"], tasks: ["bakery-give-number"], repeats: 4 },
  });
  ids.push((await slow.json()).session.id);
  await runSlowBuild(request, token, 4);
  const qs = ids.map((id) => `session=${id}`).join("&");

  // A pick the selection cannot contrast says so and what to pick, the rest of the page still drawn.
  await page.goto(`/analytics/latency?${qs}&a=nope`);
  await expect(page.getByTestId("contrast-error")).toHaveText(
    "Config nope has no start-up tokens in this selection, so it cannot be contrasted; pick one of: bash, files-plan.",
  );
  await expect(page.getByTestId("load-contrast")).toContainText("files-plan vs bash");
  await page.goto(`/analytics/latency?${qs}`);
  await expect(page.getByTestId("analytics-tabs").getByRole("button", { name: "Latency & context" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // View 5: a dot per turn, the fit line and one dotted start-up line per config.
  const scatter = page.getByTestId("ttft-scatter");
  await expect(scatter.locator(".recharts-scatter-symbol").first()).toBeVisible();
  const api = await (await request.get(`/api/analytics/ttft?${qs}`)).json();
  const points = await (await request.get(`/api/analytics/ttft/points?${qs}`)).json();
  await expect(scatter.locator(".recharts-scatter-symbol")).toHaveCount(points.shown);
  await expect(scatter.locator(".recharts-reference-line.fit-line")).toHaveCount(1);
  // The x-range fits the turns (issue 16.2): start-up lines inside it are drawn, the others named below.
  const refs = splitRefs(
    api.configs
      .filter((c: { startupTokens: number | null }) => c.startupTokens !== null)
      .map((c: { configId: string; startupTokens: number }) => ({
        configId: c.configId,
        tokens: c.startupTokens,
      })),
    xDomain(points.data.map((p: { x: number }) => p.x)),
  );
  await expect(scatter.locator(".recharts-reference-line.startup-ref")).toHaveCount(refs.inside.length);
  if (refs.note) await expect(page.getByTestId("ttft-refs-note")).toHaveText(refs.note);
  else await expect(page.getByTestId("ttft-refs-note")).toHaveCount(0);
  const caption = page.getByTestId("ttft-fit-caption");
  await expect(caption).toContainText(`TTFT grows ${api.fit.slopeMsPerToken.toFixed(2)} s per 1,000 prompt tokens`);
  await expect(caption).toContainText(
    `(95% CI ${api.fit.slopeCi[0].toFixed(2)}–${api.fit.slopeCi[1].toFixed(2)} s), R² = ${api.fit.r2.toFixed(3)}, n = ${api.fit.n.toLocaleString("en-US")}`,
  );
  await expect(page.getByTestId("ttft-sample-caption")).toContainText(
    `all ${points.total.toLocaleString("en-US")} turns`,
  );

  // Predicted vs measured load, and the study's contrast (files-plan vs bash).
  await expect(page.getByTestId("load-prediction").locator("tbody tr")).toHaveCount(2);
  // The contrast is the API's, as shown: most vs fewest median start-up tokens by default.
  expect(api.contrast).toMatchObject({ a: "files-plan", b: "bash" });
  await expect(page.getByTestId("load-contrast")).toContainText("files-plan vs bash");
  await expect(page.getByTestId("load-contrast").getByTestId("contrast-predicted")).toHaveText(
    `${api.contrast.predicted.ms < 0 ? "−" : "+"}${(Math.abs(api.contrast.predicted.ms) / 1000).toFixed(1)} s`,
  );
  await expect(page.getByTestId("study-contrast")).toContainText("1,051 tokens predicted 5.5 s, measured 5.6 s");
  // The picker: bash against files-plan, the same sentence as the API's answer for that pick.
  await page.getByTestId("contrast-a").selectOption("bash");
  await page.getByTestId("contrast-b").selectOption("files-plan");
  await page.getByTestId("contrast-pick-submit").click();
  await expect(page).toHaveURL(/a=bash&b=files-plan/);
  await expect(page.getByTestId("load-contrast")).toContainText("bash vs files-plan");
  const picked = await (await request.get(`/api/analytics/ttft?${qs}&a=bash&b=files-plan`)).json();
  await expect(page.getByTestId("load-contrast")).toContainText(
    `${picked.contrast.tokenDiff < 0 ? "−" : "+"}${Math.abs(picked.contrast.tokenDiff).toLocaleString("en-US")} median start-up tokens`,
  );
  await page.goto(`/analytics/latency?${qs}`);

  // Fits per build: the hand-submitted build is steeper than "sim" on the same phone.
  await expect(page.getByTestId("build-fit-row")).toHaveCount(2);
  await expect(page.getByTestId("ttft-regression")).toHaveText(
    /^TTFT regression: build slow-build on device latency phones · sim-iphone15pro-1 is slower per token than build sim \(\+\d\.\d\d s per 1,000 tokens, \+[\d.]+% \[\+[\d.]+%, \+[\d.]+%\], runs as the unit: more than the 5% margin\)\.$/,
  );

  // View 6: one mark per multi-step run and the window line.
  const context = await (await request.get(`/api/analytics/context?${qs}`)).json();
  const runs = context.summary.reduce((n: number, s: { runs: number }) => n + s.runs, 0);
  expect(runs).toBe(8);
  const peak = page.getByTestId("peak-context-chart");
  await expect(peak.locator(".recharts-scatter-symbol")).toHaveCount(runs);
  await expect(peak.locator(".recharts-reference-line.window-line")).toHaveCount(1);
  const full = context.summary.reduce((n: number, s: { contextFull: number }) => n + s.contextFull, 0);
  await expect(peak.locator(".ctx-full-marker")).toHaveCount(full);
  for (const s of context.summary)
    await expect(page.getByTestId(`ctx-full-${s.configId}`)).toContainText(
      `${s.contextFull} of ${s.runs} runs context full`,
    );

  // View 7: grouped bars for calls and failed calls, and median turn time.
  await expect(page.getByTestId("tool-calls-chart").locator(".recharts-bar-rectangle")).not.toHaveCount(0);
  await expect(page.getByTestId("turn-time-chart").locator(".recharts-bar-rectangle")).toHaveCount(2);

  // The points toggle switches the scatter to model loads and keeps the page.
  await page.getByTestId("ttft-points-toggle").getByRole("button", { name: "Model loads" }).click();
  await expect(page).toHaveURL(/points=loads/);
  await expect(page.getByTestId("ttft-fit-caption")).toContainText("per 1,000 start-up tokens");
});
