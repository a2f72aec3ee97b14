import type { Page } from "@playwright/test";

/** Page object for the analytics pages' shared header: the selection line, its warnings and the session picker. */
export class AnalyticsPage {
  constructor(readonly page: Page) {}
  open(path = "/analytics", query = "") {
    return this.page.goto(query ? `${path}?${query}` : path);
  }
  headline() {
    return this.page.getByTestId("selection-headline");
  }
  warnings() {
    return this.page.getByTestId("selection-warning");
  }
  /** The selection's notices in the order shown (most severe first), each with data-severity and data-kind. */
  notices() {
    return this.page.getByTestId("selection-notices").locator("[data-kind]");
  }
  /** The line that folds several notes (context) into one ("3 notes"). */
  notes() {
    return this.page.getByTestId("selection-notices").getByTestId("notice-notes");
  }
  unknown() {
    return this.page.getByTestId("selection-unknown");
  }
  /** Sentences naming selected sessions that are not complete (cancelled, running, one repeat…). */
  standing() {
    return this.page.getByTestId("selection-standing-line");
  }
  /** The latency page's throttling table rows (one per session × device). */
  throttlingRow(sessionId: string) {
    return this.page.locator(`[data-testid=throttling-row][data-session="${sessionId}"]`);
  }
  /** The link to the newest complete session, when one is offered. */
  offer() {
    return this.page.getByTestId("selection-offer");
  }
  hint() {
    return this.page.getByTestId("session-hint");
  }
  search(text: string) {
    return this.page.getByTestId("session-search").fill(text);
  }
  sessionBox(id: string) {
    return this.page.getByTestId(`filter-session-${id}`);
  }
  listedSessions() {
    return this.page.getByTestId("session-list").locator("input[type=checkbox]");
  }
  /** Ticks a session found by searching its name, and waits for the address to name it. */
  async tick(name: string, id: string) {
    await this.search(name);
    await this.sessionBox(id).check();
    await this.page.waitForURL(new RegExp(`session=${id}`));
  }
  sessions() {
    return new URL(this.page.url()).searchParams.getAll("session");
  }
  /** Full-page screenshots at 1440×900 and 1024×768, into the test's output folder. */
  async shoot(name: string, testInfo: { outputPath: (n: string) => string }) {
    for (const [w, h] of [
      [1440, 900],
      [1024, 768],
    ]) {
      await this.page.setViewportSize({ width: w, height: h });
      await this.page.screenshot({ path: testInfo.outputPath(`${name}-${w}.png`), fullPage: true });
    }
    await this.page.setViewportSize({ width: 1440, height: 900 });
  }
}
