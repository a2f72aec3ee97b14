import type { Page } from "@playwright/test";

/** Page object for the New session form's numbers and its Queue button. */
export class NewSessionFormPage {
  constructor(readonly page: Page) {}
  async open(query = "") {
    await this.page.goto(`/sessions/new${query}`);
  }
  name() {
    return this.page.getByTestId("session-name");
  }
  async pickConfigs(ids: string[]) {
    for (const c of ids) await this.page.getByTestId("config-options").locator(`input[value="${c}"]`).check();
  }
  config(id: string) {
    return this.page.getByTestId("config-options").locator(`input[value="${id}"]`);
  }
  /** The A/A calibration box and its sentence. */
  calibration() {
    return this.page.getByTestId("calibration");
  }
  calibrationHint() {
    return this.page.getByTestId("calibration-hint");
  }
  trial() {
    return this.page.getByTestId("trial");
  }
  async pickTasks(ids: string[]) {
    await this.page.getByLabel("One by one").check();
    for (const t of ids) await this.page.getByTestId("task-options").locator(`input[value="${t}"]`).check();
  }
  summary() {
    return this.page.getByTestId("queue-summary");
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
  /** The suite picker (every stored suite) and the line naming the suite the form shows. */
  suitePicker() {
    return this.page.getByTestId("suite-picker");
  }
  suiteShown() {
    return this.page.getByTestId("suite-shown");
  }
  seed() {
    return this.page.getByTestId("seed");
  }
  seedError() {
    return this.page.getByTestId("seed-error");
  }
  notes() {
    return this.page.getByLabel("Notes");
  }
}
