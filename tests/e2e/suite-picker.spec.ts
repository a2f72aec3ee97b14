import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { NewSessionFormPage } from "./pages/NewSessionFormPage";

/** A one-task, one-config suite (tests/fixtures/suite-import), stored under an id of its own. */
function smallSuite() {
  const doc = JSON.parse(
    readFileSync(path.resolve(__dirname, "..", "fixtures", "suite-import", "notes-search.json"), "utf8"),
  );
  doc.id = `picker-e2e-${Date.now()}`; // other specs share this server
  return doc as { id: string; tasks: { id: string }[]; configs: { id: string }[] };
}

test("an imported suite is picked on the New session form, queued with seed 42, and rerun from its page (issue 34.7)", async ({
  page,
  request,
}) => {
  const doc = smallSuite();
  await page.goto("/suite");
  await page.getByTestId("suite-file").setInputFiles({
    name: "suite.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  const done = page.getByTestId("suite-import-done");
  await expect(done).toContainText(`Stored ${doc.id} v1`);
  // The import says where to go next: a New session form on this suite.
  await expect(done.getByTestId("suite-import-new-session")).toHaveAttribute("href", `/sessions/new?suite=${doc.id}`);

  // The form opens on the default suite; picking the imported one keeps what was typed.
  const form = new NewSessionFormPage(page);
  await form.open();
  await expect(form.suitePicker()).toHaveValue("phone-20");
  await form.name().fill("Picker: notes search");
  await form.notes().fill("typed before the suite was picked");
  await form.suitePicker().selectOption(doc.id);
  await expect(form.suiteShown()).toContainText("v1: 1 task, 1 harness config");
  await expect(page.getByTestId("config-options").locator("input")).toHaveCount(1);
  await expect(page.getByLabel("All 1 task", { exact: true })).toBeVisible();
  await expect(form.name()).toHaveValue("Picker: notes search");
  await expect(form.notes()).toHaveValue("typed before the suite was picked");

  // The seed is judged as typed, in words; 42 is taken.
  await form.seed().fill("-3");
  await expect(form.seedError()).toContainText("Seed: type a whole number from 0 to 2,147,483,647");
  await expect(form.queue()).toBeDisabled();
  await form.seed().fill("42");
  await expect(form.seedError()).toHaveCount(0);
  await expect(page.getByTestId("seed-hint")).toContainText("same interleaved order");

  await form.pickConfigs([doc.configs[0].id]);
  await form.repeats().fill("2");
  await form.queue().click();
  await page.waitForURL(/\/sessions\/ses_/);

  // The session page names its suite and seed, and the API reports the same.
  await expect(page.getByTestId("session-suite")).toHaveText(`${doc.id} v1`);
  await expect(page.getByTestId("session-seed")).toHaveText("42");
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const api = (await (await request.get(`/api/sessions/${id}`)).json()).session;
  expect(api).toMatchObject({ seed: 42, suite: { id: doc.id, version: 1 }, order: "interleaved", repeats: 2 });

  // "Rerun with this seed" opens the form filled the same way.
  await page.getByTestId("rerun-with-seed").click();
  await page.waitForURL(/\/sessions\/new\?/);
  await expect(form.suitePicker()).toHaveValue(doc.id);
  await expect(form.seed()).toHaveValue("42");
  await expect(form.repeats()).toHaveValue("2");
  await expect(form.config(doc.configs[0].id)).toBeChecked();
  await expect(form.summary()).toContainText("1 task × 1 config × 2 repeats");
});
