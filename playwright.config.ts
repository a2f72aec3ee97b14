import { defineConfig } from "@playwright/test";

// Each worker starts its own dashboard on a free port with its own database (tests/e2e/fixtures.ts),
// so two workers never see each other's sessions or devices. The browser is Debian's chromium unless
// CHROMIUM_PATH or a Playwright-installed browser says otherwise (scripts/test.mjs decides).
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e-artifacts",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two workers on the 2-core CI machine: the browser tests took 558 s on one (issue 18). Files
  // stay whole on one worker (fullyParallel false): tests of a file may build on each other.
  workers: 2,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
});
