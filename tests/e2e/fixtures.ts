import { test as base, expect, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startServer, type RunningServer } from "./server";

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
    await this.page.getByLabel("Repeats", { exact: true }).fill(String(opts.repeats));
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

/**
 * One dashboard per Playwright worker, on its own port and database (issue 18: the browser tests
 * run on two workers). Specs read global state (the newest session is analytics' default, device
 * lists, empty states), so two workers never share a server; the files of one worker still run one
 * after another on its server, as they did on the single shared one. Started lazily: a spec that
 * starts its own servers and never asks for `page`, `request` or `baseURL` costs no dashboard.
 */
export const test = base.extend<object, { dashboard: RunningServer }>({
  dashboard: [
    // Playwright reads a fixture's dependencies from its destructuring pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      try {
        process.kill(-server.child.pid!, "SIGTERM");
      } catch {}
      await new Promise<void>((resolve) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
        const force = setTimeout(() => {
          try {
            process.kill(-server.child.pid!, "SIGKILL");
          } catch {}
          resolve();
        }, 10_000);
        server.child.once("exit", () => (clearTimeout(force), resolve()));
      });
      if (!process.env.E2E_KEEP) fs.rmSync(server.dir, { recursive: true, force: true });
      else console.log(`E2E_KEEP: the dashboard's database and log stay in ${server.dir}`);
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ dashboard }, use) => {
    await use(dashboard.base);
  },
});
export { expect };
