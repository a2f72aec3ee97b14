import { expect, startPhones, test } from "./fixtures";

test("importing a runs.json of two sessions makes two sessions, linked from the import page", async ({
  page,
  request,
  baseURL,
}) => {
  const { token } = await (await request.post("/api/devices", { data: { name: "import phones" } })).json();
  const ids: string[] = [];
  for (const name of ["import source A", "import source B"]) {
    const r = await request.post("/api/sessions", {
      data: { name, configs: ["bare"], tasks: ["bakery-give-number", "miles-to-km"], repeats: 1 },
    });
    ids.push((await r.json()).session.id);
  }
  const phones = startPhones(baseURL!, token, 1, 31);
  try {
    for (const id of ids) {
      await expect
        .poll(async () => (await (await request.get(`/api/sessions/${id}`)).json()).session.counts.completed, {
          timeout: 60_000,
        })
        .toBe(2);
    }
  } finally {
    phones.kill();
  }
  const file = await (await request.get(`/api/export/runs.json?${ids.map((id) => `session=${id}`).join("&")}`)).text();

  await page.goto("/import");
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "runs.json", mimeType: "application/json", buffer: Buffer.from(file) });
  await page.getByTestId("import-submit").click();
  const done = page.getByTestId("import-done");
  await expect(done).toContainText("Imported 4 runs into 2 new sessions");
  await expect(done.getByRole("link", { name: /^Imported: import source [AB]$/ })).toHaveCount(2);

  // Each new session holds the runs of one source session.
  await done.getByRole("link", { name: "Imported: import source A" }).click();
  await expect(page.getByTestId("session-name")).toContainText("Imported: import source A");

  // The same file again (a retry, a double click): nothing stored, the sessions of the first import linked.
  await page.goto("/import");
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "runs.json", mimeType: "application/json", buffer: Buffer.from(file) });
  await page.getByTestId("import-submit").click();
  const already = page.getByTestId("import-already");
  await expect(already).toContainText("This file was already imported, so nothing was stored again");
  await expect(already.getByRole("link", { name: /^Imported: import source [AB]$/ })).toHaveCount(2);
  await expect(page.getByTestId("import-done")).toHaveCount(0);
});
