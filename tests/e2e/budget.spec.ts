import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startServer } from "./server";

const device = { id: "budget-e2e-phone", model: "iPhone 15 Pro", os: "iOS 26.1" };
const build = { commit: "budget-e2e", app: "0.7.0", runtime: "react-native-executorch 0.10.4", model: "gemma-4-e2b" };

/** Works through the queue by hand: loads exactly on 400 ms + 5.2 ms per start-up token, as in the study. */
async function runQueue(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (;;) {
    const poll = await request.post("/api/device/v1/poll", {
      headers,
      data: { device, build, state: { thermal: "nominal", charging: false } },
    });
    if (poll.status() === 204) return;
    const { job } = await poll.json();
    const startup = job.config.id === "files" ? 1000 : 300;
    const trace = {
      leaseToken: job.lease.token,
      attempt: job.attempt,
      device,
      build,
      startedAt: "2026-10-14T09:00:01Z",
      endedAt: "2026-10-14T09:00:09Z",
      conditions: { thermalAtStart: "nominal", charging: false },
      load: { startupTokens: startup, ms: 400 + 5.2 * startup },
      turns: [
        {
          promptTokens: 40,
          contextTokens: startup + 40,
          ttftMs: 380,
          outputTokens: 20,
          decodeMs: 1000,
          text: "…",
          toolCalls: [],
        },
      ],
      reply: "",
      end: { reason: job.config.id === "files" && job.repeat === 2 ? "context_full" : "stop" },
      peakContextTokens: startup + 300,
      workspace: job.task.workspace,
    };
    expect((await request.post(`/api/device/v1/jobs/${job.id}/result`, { headers, data: trace })).status()).toBe(201);
  }
}

test("the budget planner prices a prompt edit as you type and saves it as a new config version", async ({
  page,
  request,
}) => {
  // A suite of this test's own, so other specs sharing the server never see the new version.
  const suite = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "fixtures", "suites", "mini.json"), "utf8"));
  suite.id = `budget-e2e-${Date.now()}`;
  expect((await request.post("/api/suites", { data: suite })).status()).toBe(201);
  const { token } = await (await request.post("/api/devices", { data: { name: "budget phone" } })).json();
  const created = await request.post("/api/sessions", {
    data: {
      name: "E2E budget",
      suite: suite.id,
      configs: ["files", "bash"],
      tasks: "all",
      repeats: 2,
      order: "blocked",
    },
  });
  expect(created.status()).toBe(201);
  await runQueue(request, token);

  await page.goto(`/budget?suite=${suite.id}&device=${device.id}&build=${build.commit}`);
  // Test servers do not load the tokenizer at start: a first visit may say it is loading, then
  // shows the figures by itself (issue 34.11).
  await expect(page.getByTestId("tokenizer-status")).toContainText("Gemma 3 tokenizer", { timeout: 60_000 });
  await expect(page.getByTestId("budget-fit")).toContainText("5.20 s per 1,000 tokens");
  await expect(page.getByTestId("budget-fit")).toContainText("n = 8");
  await expect(page.getByTestId("budget-table").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("budget-contrast")).toContainText("files vs bash");

  // The picker switches configs; "edit" in the table opens the planner on that config (bash, not the first one).
  await page.getByTestId("planner-config").selectOption("bash");
  await expect(page.getByTestId("planner-prompt")).toHaveValue(/bash tool/);
  await page.getByTestId("planner-config").selectOption("files");
  await page.getByTestId("budget-row-bash").getByTestId("budget-edit").click();
  await expect(page).toHaveURL(/config=bash/);
  await expect(page.getByTestId("planner-config")).toHaveValue("bash");

  // The planner: bash's numbers, then an edit that adds tokens and predicted load.
  const tokens = page.getByTestId("planner-tokens");
  await expect(page.getByTestId("planner-delta-tokens")).toHaveText("0");
  const before = Number((await tokens.textContent())!.replace(/,/g, ""));
  const predictedBefore = await page.getByTestId("planner-predicted").textContent();
  const prompt = page.getByTestId("planner-prompt");
  await prompt.fill(
    `${await prompt.inputValue()} Always list the files you changed at the end of your reply, one per line, with a short note on what changed in each.`,
  );
  await expect(page.getByTestId("planner-delta-tokens")).toHaveText(/^\+\d+$/);
  const after = Number((await tokens.textContent())!.replace(/,/g, ""));
  expect(after).toBeGreaterThan(before);
  await expect(page.getByTestId("planner-predicted")).not.toHaveText(predictedBefore!);
  await expect(page.getByTestId("planner-delta-ms")).toContainText("+");

  // Broken tool JSON: a clear inline error, the text kept, and no save.
  const tools = page.getByTestId("planner-tools");
  const goodTools = await tools.inputValue();
  await tools.fill(`${goodTools.slice(0, -2)},`);
  await expect(page.getByTestId("planner-tools-error")).toContainText("not valid JSON");
  expect(await tools.inputValue()).toBe(`${goodTools.slice(0, -2)},`);
  await expect(page.getByTestId("planner-save")).toBeDisabled();
  await tools.fill(goodTools);
  await expect(page.getByTestId("planner-tools-error")).toHaveCount(0);

  await page.getByTestId("planner-save").click();
  await expect(page.getByTestId("planner-saved")).toContainText(`Saved bash version 2 in suite ${suite.id} version 2`);
  const stored = (await (await request.get(`/api/suites/${suite.id}`)).json()).suite;
  expect(stored.version).toBe(2);
  expect(stored.configs.find((c: { id: string }) => c.id === "bash")).toMatchObject({
    version: 2,
    systemPrompt: await prompt.inputValue(),
  });
  await expect(page.getByTestId("budget-row-bash")).toContainText("v2");
  await expect(page.getByTestId("planner-delta-tokens")).toHaveText("0");

  // Headroom: one row per config, files' context_full runs linked to the runs explorer.
  await expect(page.getByTestId("headroom-table").locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("headroom-files").getByTestId("headroom-overflowed")).toContainText("2 of 4");
  await page.getByTestId("headroom-files").getByTestId("headroom-runs-link").click();
  await expect(page).toHaveURL(/\/runs\?.*config=files.*outcome=context_full/);
});

test("the first visit while the tokenizer loads says so with the time so far, then turns into the figures (issue 34.11)", async ({
  page,
}) => {
  // A server of its own, so nothing has loaded the tokenizer yet; like every test server it does not preload it.
  const server = await startServer();
  try {
    const res = await page.goto(`${server.base}/budget`);
    expect(res?.status()).toBe(200);
    const loading = page.getByTestId("budget-tokenizer-loading");
    await expect(loading).toContainText("Loading the Gemma tokenizer to count start-up tokens");
    await expect(loading).toContainText(/\d+ s so far/);
    // No reload here: the page refreshes itself once the tokenizer is loaded.
    await expect(page.getByTestId("tokenizer-status")).toContainText("Gemma 3 tokenizer", { timeout: 60_000 });
    await expect(loading).toHaveCount(0);
    await expect(page.getByTestId("budget-table").locator("tbody tr").first()).toBeVisible();
  } finally {
    process.kill(-server.child.pid!, "SIGKILL");
    fs.rmSync(server.dir, { recursive: true, force: true });
  }
});
