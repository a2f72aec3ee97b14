import { expect, test } from "./fixtures";

test("the API reference page lists every operation of the contract, linked from the nav", async ({ page, request }) => {
  const doc = await (await request.get("/api/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  const operations = Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce(
    (n, p) => n + Object.keys(p).length,
    0,
  );

  await page.goto("/");
  await page.getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.locator('[data-testid^="op-"][id]')).toHaveCount(operations);

  const poll = page.getByTestId("op-poll");
  await expect(poll.getByTestId("op-method")).toHaveText("POST");
  await expect(poll.getByTestId("op-path")).toHaveText("/api/device/v1/poll");
  await expect(poll.getByTestId("op-params")).toContainText("wait");
  await expect(poll.getByTestId("op-body")).toContainText("device");
  await expect(poll.getByTestId("op-response-200").getByTestId("op-response-fields")).toContainText("job");
  await expect(poll.getByTestId("op-errors")).toContainText("unauthorized");

  const runs = page.getByTestId("op-listRuns");
  await expect(runs.getByTestId("op-params")).toContainText("pageSize");
  await expect(runs.getByTestId("op-response-200").getByTestId("op-response-fields")).toContainText("total");
});

test("the API reference opens with contents grouped by section, and a link jumps to its operation (issue 34.11)", async ({
  page,
}) => {
  await page.goto("/api-reference");
  const toc = page.getByTestId("api-toc");
  await expect(toc).toBeVisible();
  for (const tag of ["device", "dashboard", "analytics", "budget", "auth"])
    await expect(toc.getByTestId(`toc-${tag}`)).toBeVisible();
  // Every operation on the page has a line in the contents.
  const ops = await page.locator('[data-testid^="op-"][id]').count();
  await expect(toc.locator('[data-testid^="toc-link-"]')).toHaveCount(ops);

  await toc.getByTestId("toc-link-listRuns").click();
  await expect(page).toHaveURL(/#listRuns$/);
  await expect(page.getByTestId("op-listRuns")).toBeInViewport();
  await expect(toc).not.toBeInViewport();

  await toc.getByTestId("toc-budget").getByRole("link").first().click();
  await expect(page).toHaveURL(/#section-budget$/);
  await expect(page.locator("#heading-budget")).toBeInViewport();
});
