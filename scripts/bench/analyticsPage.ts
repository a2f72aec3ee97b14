/**
 * Issue 22: the `/analytics` page in Chromium on the seeded database (100k runs by default): how
 * long until its config table is visible, hydrated and a key press is handled, against `/import`
 * (a trivial page of the same app) in the same rounds. The real built server on its own port.
 * The figure is taken in a tab that has settled on about:blank for a second (pages.ts, `visit`);
 * the same rounds navigating the moment the tab opens are reported beside it.
 */
import { launch, visitAll, type PageSpec } from "./pages";
import { startDashboard } from "./servers";
import { fmtMs, median, type Figure } from "./measure";

const SETTLE_MS = 1000;

export async function benchAnalyticsPage(dbPath: string, runs: number, reps: number): Promise<Figure[]> {
  // Built first if the build is missing or older than the sources, as the http step does.
  const server = await startDashboard(dbPath);
  // The analytics' columnar copy (ADR 12) loads in the background after start; the page is
  // measured once it answers, as a dashboard that has been up for a minute would serve it.
  const copy = await copyLoaded(server.base);
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
      const visits = await visitAll(browser, server.base, specs, reps, SETTLE_MS);
      const straight = (await visitAll(browser, server.base, specs, reps, 0)).get("analytics")!;
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
          detail: `${copy}; tab settled ${SETTLE_MS / 1000} s first; TTFB ${fmtMs(median(a.map((v) => v.ttfb)))}; /import baseline ${fmtMs(median(b.map((v) => v.interactive)))}, ${(median(ms) / median(b.map((v) => v.interactive))).toFixed(2)}×; navigating as the tab opens: ${fmtMs(median(straight.map((v) => v.interactive)))} (TTFB ${fmtMs(median(straight.map((v) => v.ttfb)))})`,
        },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** Waits (up to 5 min) until `/api/health` says DuckDB answers the analytics; what it said. */
async function copyLoaded(base: string): Promise<string> {
  const until = Date.now() + 300_000;
  for (;;) {
    const h = (await (await fetch(`${base}/api/health`)).json()) as {
      analytics?: { engine: string; state: string; runs: number | null; loadMs: number | null };
    };
    const a = h.analytics;
    if (!a || a.engine === "duckdb" || a.state === "failed" || a.state === "off" || Date.now() > until)
      return a?.engine === "duckdb"
        ? `columnar copy of ${a.runs?.toLocaleString("en-US")} runs loaded in ${fmtMs(a.loadMs ?? NaN)}`
        : `analytics read the database (copy ${a?.state ?? "absent"})`;
    await new Promise((r) => setTimeout(r, 250));
  }
}
