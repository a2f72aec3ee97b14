import type { APIRequestContext } from "@playwright/test";
import { expect, startPhones, test } from "./fixtures";

const TASKS = ["bakery-give-number", "wifi-password-search", "shopping-append", "dentist-todo-reminder"];

/** Runs simulated phones until the queue is empty (extra args, e.g. --charging, go to the simulator). */
function runPhones(baseURL: string, token: string, seed: number, extra: string[] = []): Promise<void> {
  const child = startPhones(baseURL, token, 2, seed, extra);
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`device-sim exited with ${code}`)))),
  );
}

async function session(request: APIRequestContext, name: string, configs: string[]) {
  const r = await request.post("/api/sessions", {
    data: { name, configs, tasks: TASKS, repeats: 3, order: "blocked" },
  });
  expect(r.status()).toBe(201);
  return (await r.json()).session.id as string;
}

const p3 = (p: number) => (p < 0.001 ? "<0.001" : p.toFixed(3));
const pct = (p: number) => `${Math.round(p * 100)}%`;

test("compare, ablation steps and proficiency pages agree with the API over two simulated sessions", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e compare phones" } })).json();
  const s1 = await session(request, "E2E steps: files vs bash-plan", ["files", "bash-plan"]);
  await runPhones(baseURL!, token, 21);
  const s2 = await session(request, "E2E steps: bash-plan charging", ["bash-plan"]);
  await runPhones(baseURL!, token, 22, ["--charging"]);

  // View 9: the same config in two sessions, one on the charger → the warning, and the API's numbers.
  const q = `session=${s1}&session=${s2}`;
  await page.goto(`/analytics/compare?${q}`);
  await page.getByTestId("compare-a").selectOption("bash-plan");
  await page.getByTestId("compare-a-session").selectOption(s1);
  await page.getByTestId("compare-b").selectOption("bash-plan");
  await page.getByTestId("compare-b-session").selectOption(s2);
  await page.getByTestId("compare-form-submit").click();
  await page.waitForURL(/bSession=/);
  expect(new URL(page.url()).searchParams.getAll("session")).toEqual([s1, s2]);
  const api = await (
    await request.get(`/api/analytics/compare?${q}&a=bash-plan&b=bash-plan&aSession=${s1}&bSession=${s2}`)
  ).json();
  const warning = page.getByTestId("compare-warning");
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("different sessions");
  await expect(warning).toContainText("charging state differs");
  await expect(page.getByTestId("compare-sign-p")).toHaveText(p3(api.signTestP));
  await expect(page.getByTestId("compare-mcnemar-p")).toHaveText(p3(api.mcnemarP));
  await expect(page.getByTestId("compare-pairs")).toHaveText(`${api.pairs.aOnly} / ${api.pairs.bOnly}`);
  // The task is the unit: the permutation p, the sentence that says so, and the A/A rate on this data.
  await expect(page.getByTestId("compare-permutation-p")).toHaveText(p3(api.permutationP));
  await expect(page.getByTestId("compare-method")).toHaveText(api.method);
  await expect(page.getByTestId("compare-method")).toContainText("Unit: the task.");
  await expect(page.getByTestId("compare-calibration")).toContainText(
    `rejects ${(api.calibration.rate * 100).toFixed(1)}% of A/A comparisons at α 0.05`,
  );
  await expect(page.getByTestId("compare-aa-check")).toHaveAttribute(
    "href",
    "/sessions/new?calibration=1&config=bash-plan",
  );
  await expect(page.getByTestId("compare-improved-count")).toHaveText(String(api.improved.length));
  await expect(page.getByTestId("compare-unchanged-count")).toHaveText(String(api.unchanged.length));

  // Several pairs within session 1: raw and BH-adjusted p-values as the API gives them.
  await page.goto(`/analytics/compare?session=${s1}&mode=baseline&baseline=files`);
  const fam = await (
    await request.get(`/api/analytics/compare/family?session=${s1}&mode=baseline&baseline=files`)
  ).json();
  expect(fam.rows).toHaveLength(1);
  const row = page.getByTestId("family-files-bash-plan");
  await expect(row.getByTestId("mcnemar-raw")).toHaveText(p3(fam.rows[0].mcnemarP));
  await expect(row.getByTestId("mcnemar-bh")).toHaveText(p3(fam.rows[0].mcnemarPAdjusted));
  await expect(row.getByTestId("perm-raw")).toHaveText(p3(fam.rows[0].permutationP));
  await expect(row.getByTestId("perm-bh")).toHaveText(p3(fam.rows[0].permutationPAdjusted));
  await expect(page.getByTestId("compare-warning")).toHaveCount(0);

  // View 10: steps are (session, config) pairs; by default one per config of the selected sessions.
  await page.goto(`/analytics/steps?session=${s2}&session=${s1}`);
  let steps = (await (await request.get(`/api/analytics/steps?session=${s2}&session=${s1}`)).json()).steps;
  expect(steps.map((s: { configId: string }) => s.configId).sort()).toEqual(["bash-plan", "files"]);
  await expect(page.getByTestId("step-1").getByTestId("step-passed")).toContainText(
    `${steps[0].all.passed}/${steps[0].all.runs}`,
  );
  await expect(page.getByTestId("pass-by-group-chart")).toBeVisible();
  // Step 2 moves to bash-plan in the other session than the default gave it.
  const other = steps[1].sessionId === s1 ? s2 : s1;
  await page.getByTestId("step-pick-2").selectOption(`${other}:${steps[1].configId}`);
  await page.waitForURL(/step=/);
  const picked = new URL(page.url()).searchParams.getAll("step");
  expect(picked[1]).toBe(`${other}:${steps[1].configId}`);
  steps = (await (await request.get(`/api/analytics/steps?${picked.map((p) => `step=${p}`).join("&")}`)).json()).steps;
  expect(steps[1]).toMatchObject({ sessionId: other });
  await expect(page.getByTestId("step-2").getByTestId("step-needs-files")).toContainText(
    `${steps[1].needsFiles.passed}/${steps[1].needsFiles.runs}`,
  );
  await expect(page.getByTestId("step-cost-chart")).toBeVisible();

  // View 12: pass@1 and pass^3 per config as the API computes them; no context-managed config here.
  await page.goto(`/analytics/proficiency?session=${s1}`);
  const prof = await (await request.get(`/api/analytics/proficiency?session=${s1}`)).json();
  for (const c of prof.configs) {
    const r = page.getByTestId(`prof-${c.configId}`);
    await expect(r.getByTestId("pass-at-1")).toHaveText(pct(c.passAt1));
    await expect(r.getByTestId("pass-hat-k")).toContainText(`${pct(c.passHatK)}k = 3`);
  }
  await expect(page.getByTestId("context-empty")).toContainText("No config with context management in this selection");
});
