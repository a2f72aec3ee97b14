import type { Page } from "@playwright/test";
import { AnalyticsPage } from "./AnalyticsPage";

/** Page object for /analytics/steps: the steps table and its (session, config) pickers. */
export class StepsPage extends AnalyticsPage {
  constructor(page: Page) {
    super(page);
  }
  rows() {
    return this.page.getByTestId("steps-table").locator("tbody tr");
  }
  row(index: number) {
    return this.page.getByTestId(`step-${index}`);
  }
  picker(index: number) {
    return this.page.getByTestId(`step-pick-${index}`);
  }
  /** Every step in the address, in order. */
  steps() {
    return new URL(this.page.url()).searchParams.getAll("step");
  }
  async pick(index: number, value: string) {
    await this.picker(index).selectOption(value);
    await this.page.waitForURL((u) => u.searchParams.getAll("step")[index - 1] === value);
  }
  async add(value: string) {
    await this.page.getByTestId("step-add").selectOption(value);
    await this.page.waitForURL((u) => u.searchParams.getAll("step").at(-1) === value);
  }
  async remove(index: number) {
    const before = this.steps();
    await this.page.getByTestId(`step-remove-${index}`).click();
    await this.page.waitForURL((u) => u.searchParams.getAll("step").join() !== before.join());
  }
}
