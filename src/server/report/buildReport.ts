import type { BrowserContext, Page } from "playwright-core";
import { ServiceError } from "../errors";
import { launchChromium } from "./chromium";
import { COLLECT_CSS, COLLECT_FIGURES, COLLECT_HREFS, CHARTS_DRAWN, FINALIZE, KEEP_VARIANT } from "./inPage";
import { reportHref, type ReportLinkMap } from "@/domain/report/links";
import { defangUrls } from "@/domain/report/defang";
import { staticPage } from "./staticPage";

/** The dashboard pages a report holds, in the order of its navigation. */
export const REPORT_PAGES = [
  { path: "/analytics/report", file: "index.html", label: "Methods" },
  { path: "/analytics", file: "overview.html", label: "Overview" },
  { path: "/analytics/latency", file: "latency.html", label: "Latency & context" },
  { path: "/analytics/progress", file: "progress.html", label: "Progress & failures" },
  { path: "/analytics/compare", file: "compare.html", label: "Compare" },
  { path: "/analytics/steps", file: "steps.html", label: "Ablation steps" },
  { path: "/analytics/proficiency", file: "proficiency.html", label: "Proficiency" },
] as const;

export interface ReportInput {
  /** The dashboard's address, e.g. http://127.0.0.1:3000. */
  base: string;
  /** The analytics filter as a query string (`session=…&session=…`). */
  query: string;
  /** Sent with every page request, so a report asked for by a logged-in browser sees what it sees. */
  cookie?: string;
  /** Trace pages fetched at once. */
  parallel?: number;
  log?: (line: string) => void;
}

/** File path inside the report → contents. */
export type ReportFiles = Map<string, string>;

const WAIT_MS = 30_000;

const unanswered = (status: number | string, url: string) =>
  new ServiceError(
    "unavailable",
    `The dashboard answered ${status} for ${new URL(url).pathname}; check that it is running at this address and that you may read it.`,
  );

async function open(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: "networkidle", timeout: WAIT_MS });
  if (!res || !res.ok()) throw unanswered(res?.status() ?? "nothing", url);
  await chartsDrawn(page);
}

/** A page's server HTML, as the browser would have been sent it. */
async function fetchHtml(url: string, cookie: string | undefined): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(WAIT_MS) });
  } catch {
    throw unanswered("nothing", url);
  }
  if (!res.ok) throw unanswered(res.status, url);
  return res.text();
}

/**
 * Waits until every chart on the page has drawn. Polled with `page.evaluate`, which runs over the
 * DevTools protocol: `page.waitForFunction` with a string predicate re-evaluates it with `eval`
 * inside the page once the first check fails, and the dashboard's CSP (no 'unsafe-eval') refuses that.
 */
async function chartsDrawn(page: Page) {
  const until = Date.now() + WAIT_MS;
  while (!(await page.evaluate(CHARTS_DRAWN))) {
    if (Date.now() > until) {
      throw new ServiceError(
        "unavailable",
        `The charts of ${new URL(page.url()).pathname} did not finish drawing within ${WAIT_MS / 1000} s; try again, or with fewer sessions.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Saves one variant of every chart that has views (buttons marked data-report-variant). */
async function keepVariants(page: Page, figures: { name: string; svg: string }[]) {
  const frames = page.locator("[data-chart-frame]");
  const n = await frames.count();
  for (let i = 0; i < n; i++) {
    const buttons = frames.nth(i).locator("[data-report-variant]");
    const m = await buttons.count();
    for (let j = 0; j < m; j++) {
      const label = (await buttons.nth(j).getAttribute("data-report-variant")) ?? "";
      await buttons.nth(j).click();
      await chartsDrawn(page);
      await page.evaluate(`${KEEP_VARIANT}(${JSON.stringify({ i, label })})`);
      const figs = (await page.evaluate(COLLECT_FIGURES)) as { name: string; svg: string }[];
      figures.push(...figs.filter((f) => !figures.some((g) => g.name === f.name)));
    }
  }
}

function linkMap(hrefs: string[], map: ReportLinkMap, prefix: string): Record<string, string | null> {
  return Object.fromEntries(hrefs.map((h) => [h, reportHref(h, map, prefix)]));
}

/**
 * Builds a study report by opening the dashboard's own analytics pages for the selection in
 * headless Chromium, waiting for the charts, and saving each page's DOM as static HTML (ADR 8):
 * the figures are exactly what the app draws. Failing runs get trace pages under runs/.
 */
export async function buildReport(input: ReportInput): Promise<ReportFiles> {
  const log = input.log ?? (() => {});
  const base = input.base.replace(/\/+$/, "");
  const q = input.query ? `?${input.query}` : "";
  const files: ReportFiles = new Map();
  const browser = await launchChromium();
  try {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: input.cookie ? { cookie: input.cookie } : {},
    });
    const page = await context.newPage();

    // The failing runs: every run linked from the index, which lists them all.
    await open(page, `${base}/analytics/report${q}`);
    if (await page.getByTestId("analytics-empty").count()) {
      throw new ServiceError(
        "not_found",
        "No scored runs match this selection, so there is nothing to report; pick sessions with runs and try again.",
      );
    }
    const runIds = (
      await page
        .locator("[data-testid=failing-run]")
        .evaluateAll((as) => as.map((a) => (a.getAttribute("href") ?? "").split("/").pop() ?? ""))
    ).filter(Boolean);
    const failing = await page
      .locator("[data-testid=failing-runs] tbody tr[id]")
      .evaluateAll((rows) => rows.map((r) => r.id.replace(/^fail-/, "")));
    const map: ReportLinkMap = {
      pages: Object.fromEntries(REPORT_PAGES.map((p) => [p.path, p.file])),
      runs: new Set(runIds),
      failing: new Set(failing),
    };
    const nav = REPORT_PAGES.map((p) => ({ file: p.file, label: p.label }));
    let css = "";

    const figureList: { page: string; file: string }[] = [];
    const staged: { file: string; label: string; hrefs: string[]; figures: Record<string, string>; page: Page }[] = [];
    for (const p of REPORT_PAGES) {
      log(`page ${p.path}`);
      const tab = p.file === "index.html" ? page : await context.newPage();
      if (tab !== page) await open(tab, `${base}${p.path}${q}`);
      if (!css) css = (await tab.evaluate(COLLECT_CSS)) as string;
      const figures = (await tab.evaluate(COLLECT_FIGURES)) as { name: string; svg: string }[];
      await keepVariants(tab, figures);
      const stem = p.file.replace(/\.html$/, "");
      const names: Record<string, string> = {};
      for (const f of figures) {
        const file = `figures/${stem}-${f.name}.svg`;
        names[f.name] = file;
        files.set(file, f.svg);
        figureList.push({ page: p.label, file });
      }
      staged.push({
        file: p.file,
        label: p.label,
        hrefs: (await tab.evaluate(COLLECT_HREFS)) as string[],
        figures: names,
        page: tab,
      });
    }
    // The index lists every figure, so it is finalised once all pages have drawn theirs.
    for (const s of staged) {
      const html = (await s.page.evaluate(
        `${FINALIZE}(${JSON.stringify({ links: linkMap(s.hrefs, map, ""), figures: s.figures, figureList, css: "style.css", nav, title: `Study report · ${s.label}` })})`,
      )) as string;
      files.set(s.file, html);
      if (s.page !== page) await s.page.close();
    }

    log(`${runIds.length} trace pages`);
    const queue = [...runIds];
    // Trace pages have no charts: the server's HTML is all they need, so it is fetched and
    // finalised without a browser (staticPage), by the same in-page scripts.
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const page = staticPage(await fetchHtml(`${base}/runs/${encodeURIComponent(id)}`, input.cookie));
        const hrefs = page.run(COLLECT_HREFS) as string[];
        const html = page.run(
          `${FINALIZE}(${JSON.stringify({ links: linkMap(hrefs, map, "../"), figures: {}, figureList: [], css: "../style.css", nav: nav.map((n) => ({ ...n, file: `../${n.file}` })), title: `Study report · run ${id}` })})`,
        ) as string;
        files.set(`runs/${id}.html`, html);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, input.parallel ?? 3) }, worker));

    files.set(
      "style.css",
      `${css}\n/* Study report */\n.report-nav { display: flex; gap: 12px; flex-wrap: wrap; font-size: 13px; }\n.figure-caption { font-weight: 600; margin: 0 0 4px; }\n.report-variants { display: grid; gap: 12px; }\n`,
    );
    for (const [k, v] of files) files.set(k, defangUrls(v, k.endsWith(".svg")));
    return files;
  } finally {
    await browser.close();
  }
}
