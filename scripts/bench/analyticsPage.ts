/**
 * Issue 22: the `/analytics` page in Chromium on the seeded database (100k runs by default): how
 * long until its config table is visible, hydrated and a key press is handled, against `/import`
 * (a trivial page of the same app) in the same rounds. The real built server on its own port.
 */
import { launch, visitAll, type PageSpec } from "./pages";
import { startDashboard } from "./servers";
import { fmtMs, median, type Figure } from "./measure";

export async function benchAnalyticsPage(dbPath: string, runs: number, reps: number): Promise<Figure[]> {
  // Built first if the build is missing or older than the sources, as the http step does.
  const server = await startDashboard(dbPath);
  const specs: PageSpec[] = [
    { name: "baseline", path: "/import", content: "[data-testid=import-form]", hydrated: "[data-testid=import-form]" },
    {
      name: "analytics",
      path: "/analytics",
      content: "[data-testid=config-comparison]",
      hydrated: "[data-testid=analytics-tabs]",
    },
  ];
  try {
    const browser = await launch();
    try {
      const visits = await visitAll(browser, server.base, specs, reps);
      const a = visits.get("analytics")!;
      const b = visits.get("baseline")!;
      const ms = a.map((v) => v.interactive);
      return [
        {
          id: "6d",
          what: `/analytics page in Chromium (${runs.toLocaleString("en-US")} runs): interactive (ms)`,
          kind: "abs",
          ratios: ms,
          target: "< 1,000 ms",
          met: median(ms) < 1000,
          detail: `TTFB ${fmtMs(median(a.map((v) => v.ttfb)))}; /import baseline ${fmtMs(median(b.map((v) => v.interactive)))}, ${(median(ms) / median(b.map((v) => v.interactive))).toFixed(2)}×`,
        },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
