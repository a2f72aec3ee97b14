import type { Page } from "@playwright/test";

/** Page object for the runs explorer (/runs). */
export class RunsExplorerPage {
  constructor(readonly page: Page) {}
  async open(query: string) {
    await this.page.goto(`/runs?${query}`);
  }
  rows() {
    return this.page.getByTestId("explorer-row");
  }
  sessionCells() {
    return this.page.getByTestId("session-cell");
  }
  card() {
    return this.page.getByTestId("runs-card");
  }
  table() {
    return this.page.getByTestId("runs-explorer");
  }
  legend() {
    return this.page.getByTestId("runs-legend");
  }
  pageOf() {
    return this.page.getByTestId("page-of");
  }
  pageSize(n: number) {
    return this.page.getByTestId(`page-size-${n}`);
  }
  /** The text search (issue 34.8): its box, and the empty state of a search that found nothing. */
  searchInput() {
    return this.page.getByTestId("runs-search-input");
  }
  async search(q: string) {
    await this.searchInput().fill(q);
    await this.searchInput().press("Enter");
  }
  searchEmpty() {
    return this.page.getByTestId("runs-search-empty");
  }
  count() {
    return this.page.getByTestId("runs-count");
  }
  /** The visible texts of a filter's options, "any" left out. */
  async filterLabels(id: "rf-outcome" | "rf-group" | "rf-passed") {
    return (await this.page.getByTestId(id).locator("option").allTextContents()).filter((t) => t !== "any");
  }
}
