import type { Page } from "@playwright/test";

/** Page object for the Devices page: a new token and the commands that use it. */
export class DevicesPage {
  constructor(readonly page: Page) {}
  async open() {
    await this.page.goto("/devices");
  }
  async createToken(name: string) {
    await this.page.getByTestId("device-name").fill(name);
    await this.page.getByTestId("create-device").click();
    return (await this.page.getByTestId("token-value").textContent())!.trim();
  }
  simCommand() {
    return this.page.getByTestId("sim-command");
  }
  deviceCommand() {
    return this.page.getByTestId("device-command");
  }
  copySim() {
    return this.page.getByTestId("copy-sim-command");
  }
  copyToken() {
    return this.page.getByTestId("copy-token");
  }
}
