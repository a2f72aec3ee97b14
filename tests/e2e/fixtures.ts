import { test as base, expect, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "..", "..");

/** Page object for the session page. */
export class SessionPage {
  constructor(readonly page: Page) {}
  runRows() {
    return this.page.getByTestId("run-row");
  }
  count(state: "queued" | "leased" | "completed" | "failed" | "cancelled") {
    return this.page.getByTestId(`count-${state}`).locator("b");
  }
}

/** Page object for the new-session form. */
export class NewSessionPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto("/sessions/new");
  }
  async create(opts: { name: string; configs: string[]; tasks: string[]; repeats: number }) {
    await this.page.getByTestId("session-name").fill(opts.name);
    for (const c of opts.configs) await this.page.getByTestId("config-options").locator(`input[value="${c}"]`).check();
    await this.page.getByLabel("One by one").check();
    for (const t of opts.tasks) await this.page.getByTestId("task-options").locator(`input[value="${t}"]`).check();
    await this.page.getByLabel("Repeats").fill(String(opts.repeats));
    await this.page.getByTestId("create-session").click();
    await this.page.waitForURL(/\/sessions\/ses_/);
  }
}

/** Simulated phones: scripts/device-sim.ts in a child process, stopped after the test. */
export function startPhones(
  baseURL: string,
  token: string,
  devices: number,
  seed: number,
  extra: string[] = [],
): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(root, "scripts", "device-sim.ts"),
      "--url",
      baseURL,
      "--token",
      token,
      "--devices",
      String(devices),
      "--seed",
      String(seed),
      "--until-idle",
      ...extra,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url)
      throw new Error("E2E_BASE_URL is not set: run the browser tests through `npm test` or `npx playwright test`.");
    await use(url);
  },
});
export { expect };
