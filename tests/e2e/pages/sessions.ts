import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The sessions list (app/page.tsx). */
export class SessionsListPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto("/");
    await expect(this.page.getByTestId("sessions-table")).toBeVisible();
  }
  row(sessionId: string) {
    return this.page.locator(`[data-testid=session-row][data-session="${sessionId}"]`);
  }
  cell(sessionId: string, what: "configs" | "devices" | "size" | "pass-rate" | "state") {
    return this.row(sessionId).getByTestId(`session-${what}`);
  }
}

/** The live session page (app/sessions/[id], SessionLive). */
export class LiveSessionPage {
  constructor(readonly page: Page) {}
  async open(id: string) {
    await this.page.goto(`/sessions/${id}`);
    await expect(this.page.getByTestId("session-name")).toBeVisible();
  }
  settings() {
    return this.page.getByTestId("session-settings");
  }
  progressText() {
    return this.page.getByTestId("progress-text");
  }
  progressBar() {
    return this.page.getByTestId("progress-bar");
  }
  eta() {
    return this.page.getByTestId("eta");
  }
  /** Presses Cancel session and accepts the browser's confirmation. */
  async cancel() {
    this.page.once("dialog", (d) => void d.accept());
    await this.page.getByTestId("cancel-session").click();
  }
  holders() {
    return this.page.getByTestId("lease-holder");
  }
  passChart() {
    return this.page.getByTestId("live-pass-chart");
  }
  /** A config's bar in the chart (its rect, Wilson whisker and "k/n"). */
  bar(configId: string) {
    return this.passChart().locator(`svg g[data-config="${configId}"]`);
  }
  passLabel(configId: string) {
    return this.page.getByTestId("live-pass-labels").locator(`li[data-config="${configId}"]`);
  }
  outcomes() {
    return this.page.getByTestId("run-outcome");
  }
  /** Whether an element's text fits its box: no hidden overflow (an ellipsis cutting a word). */
  async fits(locator: ReturnType<Page["locator"]>) {
    return locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  }
}

/** Full-page screenshots at the two widths the issue asks for, into the test's output folder. */
export async function screenshots(page: Page, name: string, outputPath: (n: string) => string) {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
