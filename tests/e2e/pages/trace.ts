import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The trace viewer (app/runs/[id]) as issue 16.4 left it: folds of identical turns, the end mark, the checks fold. */
export class TracePage {
  constructor(readonly page: Page) {}
  async open(id: string, query = "") {
    await this.page.goto(`/runs/${id}${query}`);
    await expect(this.page.locator("html[data-trace-keys=ready]")).toHaveCount(1);
  }
  turn(n: number) {
    return this.page.getByTestId(`turn-${n}`);
  }
  fold(from: number) {
    return this.page.getByTestId(`loop-fold-${from}`);
  }
  async openFold(from: number) {
    await this.fold(from).getByTestId("loop-fold-toggle").click();
  }
  endMarker() {
    return this.page.getByTestId("end-marker");
  }
  checksSummary() {
    return this.page.getByTestId("checks-summary");
  }
  /** Turns whose content the browser may skip laying out (content-visibility other than visible). */
  skippedTurns() {
    return this.page.evaluate(
      () =>
        [...document.querySelectorAll("[data-turn]")].filter((t) => getComputedStyle(t).contentVisibility !== "visible")
          .length,
    );
  }
  check(id: string) {
    return this.page.getByTestId(`check-${id}`);
  }
}
