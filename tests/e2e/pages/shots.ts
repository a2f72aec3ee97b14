import { test, type Page } from "@playwright/test";

/** Full-page screenshots of the state a spec checked, at 1440×900 and 1024 px wide (issue 16), in the spec's output folder. */
export async function shots(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
