import type { Page } from "@playwright/test";

/** Page object for the runs.json import page (/import). */
export class ImportPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto("/import");
  }
  async choose(name: string, text: string, mimeType = "application/json") {
    await this.page.getByTestId("import-file").setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  }
  submit() {
    return this.page.getByTestId("import-submit");
  }
  error() {
    return this.page.getByTestId("import-error");
  }
  done() {
    return this.page.getByTestId("import-done");
  }
  limits() {
    return this.page.getByTestId("import-limits");
  }
  notCarried() {
    return this.page.getByTestId("import-not-carried");
  }
}
