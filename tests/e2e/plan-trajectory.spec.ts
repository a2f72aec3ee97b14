import { execFile } from "node:child_process";
import path from "node:path";
import { expect, startPhones, test } from "./fixtures";

const TASKS = ["bakery-give-number", "wifi-password-search", "shopping-append", "dentist-todo-reminder"];
const root = path.resolve(__dirname, "..", "..");

function runPhones(baseURL: string, token: string, seed: number): Promise<void> {
  const child = startPhones(baseURL, token, 2, seed);
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`device-sim exited with ${code}`)))),
  );
}

/** `npm run gate` as CI runs it: its own process, against this test's real server. */
function gate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "gate.ts"), ...args],
      { cwd: root },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : 99) : 0, stdout, stderr }),
    );
  });
}

test("the planner, the trajectory diff and the gate agree with the API over a simulated session", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "e2e plan phones" } })).json();
  const r = await request.post("/api/sessions", {
    data: {
      name: "E2E plan: files vs bash-plan",
      configs: ["files", "bash-plan"],
      tasks: TASKS,
      repeats: 3,
      order: "blocked",
    },
  });
  expect(r.status()).toBe(201);
  const s = (await r.json()).session.id as string;
  await runPhones(baseURL!, token, 31);

  // The planner, with ψ entered: Connor's 155 pairs for ψ 0.2, δ 0.1.
  await page.goto("/plan");
  await page.getByTestId("plan-psi").fill("0.2");
  await page.getByTestId("plan-delta").fill("0.1");
  await page.getByTestId("plan-submit").click();
  await page.waitForURL(/psi=0.2/);
  await expect(page.getByTestId("plan-pairs")).toHaveText("155");

  // ψ and the ICC estimated from the session: the page shows what the API answers.
  await page.getByTestId("plan-psi").fill("");
  await page.getByTestId("plan-sessions").selectOption(s);
  await page.getByTestId("plan-submit").click();
  await page.waitForURL(new RegExp(`session=${s}`));
  const plan = await (await request.get(`/api/plan?session=${s}&delta=0.1`)).json();
  expect(plan.evidence.pairedRuns).toBe(TASKS.length * 3);
  await expect(page.getByTestId("plan-psi")).toHaveValue("");
  await expect(page.getByTestId("plan-third-changed")).toHaveText(String(plan.evidence.thirdRepeat.changed));
  if (plan.pairs !== null) await expect(page.getByTestId("plan-pairs")).toHaveText(plan.pairs.toLocaleString("en-US"));
  else await expect(page.getByTestId("plan-problem")).toBeVisible();

  // The compare page: transitions and the trajectory diff of one task, as the API has them.
  await page.goto(`/analytics/compare?session=${s}&a=files&b=bash-plan`);
  const transitions = await (await request.get(`/api/analytics/transitions?session=${s}&a=files&b=bash-plan`)).json();
  await expect(page.getByTestId("transitions-total")).toHaveText(String(transitions.total));
  expect(transitions.total).toBe(TASKS.length * 3);
  await page.getByTestId("trajectory-task").selectOption("dentist-todo-reminder");
  await page.getByTestId("trajectory-form-submit").click();
  await page.waitForURL(/diffTask=dentist-todo-reminder/);
  // Picking the task to diff does not narrow the rest of the page (the shared filter's `task`).
  await expect(page.getByTestId("transitions-total")).toHaveText(String(transitions.total));
  const diff = (
    await (
      await request.get(`/api/analytics/trajectories?session=${s}&a=files&b=bash-plan&task=dentist-todo-reminder`)
    ).json()
  ).tasks[0];
  await expect(page.getByTestId("trajectory-a").locator("ol li")).toHaveText(diff.a[0].steps);
  await expect(page.getByTestId("trajectory-b").locator("ol li")).toHaveText(diff.b[0].steps);
  await expect(page.getByTestId("trajectory-divergence")).toHaveText(
    diff.divergesAt === null
      ? "The two majority paths are the same."
      : `The majority paths part at step ${diff.divergesAt} (highlighted).`,
  );

  // The gate against the real server: a session against itself passes; a bad id is a usage error.
  const same = await gate("--url", baseURL!, "--baseline", `${s}:files`, "--candidate", `${s}:files`);
  expect(same.code).toBe(0);
  expect(same.stdout).toContain("### ✅ Harness Lab gate: no significant regression");
  const bad = await gate("--url", baseURL!, "--baseline", "ses_missing", "--candidate", `${s}:files`);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain("There is no session ses_missing (the baseline)");
});
