import type { Page } from "@playwright/test";

/** Page object for the not-found pages of sessions, runs and suites. */
export class NotFoundPage {
  constructor(readonly page: Page) {}
  panel() {
    return this.page.getByTestId("not-found");
  }
  id() {
    return this.page.getByTestId("not-found-id");
  }
  back() {
    return this.page.getByTestId("not-found-back").first();
  }
  /** The app's top navigation: present only when the page renders inside the layout. */
  nav() {
    return this.page.locator("header.topbar nav");
  }
}
