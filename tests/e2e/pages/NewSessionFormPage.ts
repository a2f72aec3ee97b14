import type { Page } from "@playwright/test";

/** Page object for the New session form's numbers and its Queue button. */
export class NewSessionFormPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto("/sessions/new");
  }
  name() {
    return this.page.getByTestId("session-name");
  }
  async pickConfigs(ids: string[]) {
    for (const c of ids) await this.page.getByTestId("config-options").locator(`input[value="${c}"]`).check();
  }
  repeats() {
    return this.page.getByTestId("repeats");
  }
  leaseSeconds() {
    return this.page.getByTestId("lease-seconds");
  }
  repeatsError() {
    return this.page.getByTestId("repeats-error");
  }
  leaseError() {
    return this.page.getByTestId("lease-error");
  }
  queue() {
    return this.page.getByTestId("create-session");
  }
  blockers() {
    return this.page.getByTestId("queue-blockers");
  }
}
