/**
 * Target 6 in Debian Chromium: how long after navigation start a page is interactive, i.e. its
 * key content is visible, React has hydrated it, and a key press is handled (the main thread is
 * free to respond). A script injected before the page's own records every moment with the page's
 * clock (ms since navigation start), plus long tasks (PerformanceObserver "longtask").
 */
import { chromium, type Browser } from "@playwright/test";
import fs from "node:fs";

export interface PageSpec {
  name: string;
  path: string;
  /** The first screen's key content: visible = in the DOM with a layout box. */
  content: string;
  /** An element whose React fiber shows hydration, or (trace viewer) a marker set after hydration. */
  hydrated: string;
  /** The last of the page's content (trace viewer: the last turn, which streams in after the first screen); default `content`. */
  complete?: string;
  /** Where pressing "j" has a visible effect (trace viewer: the highlighted turn); else the key's handling time counts. */
  effect?: string;
}

export interface Visit {
  ttfb: number;
  domInteractive: number;
  domContentLoaded: number;
  loadEventEnd: number;
  content: number;
  complete: number;
  hydrated: number;
  interactive: number;
  longTasks: number;
  longTaskMs: number;
  longestTask: number;
  htmlKb: number;
  elements: number;
}

declare global {
  interface Window {
    __bench: {
      content: number | null;
      complete: number | null;
      hydrated: number | null;
      key: number | null;
      effect: number | null;
      long: [number, number][];
    };
  }
}

/**
 * Runs in the page before its own scripts, with `spec` (the selectors) as `S`. A string, not a
 * function: tsx would wrap named inner functions in a helper that does not exist in the page.
 */
const PROBE = `
  const b = (window.__bench = { content: null, complete: null, hydrated: null, key: null, effect: null, long: [] });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => b.long.push([e.startTime, e.duration]))).observe({ type: "longtask" });
  const isHydrated = (el) => !!el && (el === document.documentElement || Object.keys(el).some((k) => k.startsWith("__reactFiber$")));
  const check = () => {
    const now = performance.now();
    if (b.content === null) {
      const el = document.querySelector(S.content);
      if (el && el.getBoundingClientRect().height > 0) b.content = now;
    }
    if (b.complete === null && document.querySelector(S.complete)) b.complete = now;
    if (b.hydrated === null && isHydrated(document.querySelector(S.hydrated))) b.hydrated = now;
    if (b.effect === null && S.effect && document.querySelector(S.effect)) b.effect = now;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  // React attaches its fibers without touching the DOM: look every frame as well.
  const tick = () => {
    check();
    if (b.content === null || b.hydrated === null || b.complete === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.addEventListener("keydown", () => { if (b.key === null) b.key = performance.now(); }, true);
`;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  });
}

/**
 * One cold visit (fresh browser context: empty cache, no service state) of `spec` on `base`.
 * `settleMs`: how long the new tab stands on about:blank before navigating. 0 navigates while the
 * tab's own start-up (its renderer process and compositor) still competes for this machine's two
 * cores with the server and the page; a user's tab already exists when they click, so the issue 22
 * page figure lets it settle first, as Lighthouse loads about:blank and waits for quiet before it
 * navigates.
 */
export async function visit(browser: Browser, base: string, spec: PageSpec, settleMs = 0): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const S = JSON.stringify({
      content: spec.content,
      complete: spec.complete ?? spec.content,
      hydrated: spec.hydrated,
      effect: spec.effect ?? null,
    });
    await context.addInitScript({ content: `(() => { const S = ${S};\n${PROBE}\n})();` });
    const page = await context.newPage();
    if (settleMs) {
      await page.goto("about:blank");
      await page.waitForTimeout(settleMs);
    }
    const res = await page.goto(base + spec.path, { waitUntil: "commit" });
    if (!res || res.status() !== 200) throw new Error(`${spec.path} answered ${res?.status()}`);
    await page.waitForFunction(() => window.__bench.content !== null && window.__bench.hydrated !== null, null, {
      timeout: 60_000,
    });
    await page.keyboard.press("j");
    await page.waitForFunction(
      (e) => window.__bench.key !== null && (!e || window.__bench.effect !== null),
      !!spec.effect,
      { timeout: 60_000 },
    );
    await page.waitForLoadState("load");
    await page.waitForFunction(() => window.__bench.complete !== null, null, { timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByType("navigation")[0]?.toJSON().loadEventEnd > 0);
    return await page.evaluate(() => {
      const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const b = window.__bench;
      const interactive = b.effect ?? b.key!;
      const long = b.long.filter(([start]) => start < interactive);
      return {
        ttfb: n.responseStart - n.requestStart,
        domInteractive: n.domInteractive,
        domContentLoaded: n.domContentLoadedEventEnd,
        loadEventEnd: n.loadEventEnd,
        content: b.content!,
        complete: b.complete!,
        hydrated: b.hydrated!,
        interactive,
        longTasks: long.length,
        longTaskMs: long.reduce((a, [, d]) => a + d, 0),
        longestTask: Math.max(0, ...long.map(([, d]) => d)),
        htmlKb: n.decodedBodySize / 1024,
        elements: document.getElementsByTagName("*").length,
      };
    });
  } finally {
    await context.close();
  }
}

/** `reps` rounds over all pages (order rotated each round, so no page always follows the same one), after one untimed warm-up each. */
export async function visitAll(
  browser: Browser,
  base: string,
  specs: PageSpec[],
  reps: number,
  settleMs = 0,
): Promise<Map<string, Visit[]>> {
  for (const s of specs) await visit(browser, base, s, settleMs);
  const out = new Map(specs.map((s) => [s.name, [] as Visit[]]));
  for (let i = 0; i < reps; i++) {
    for (let k = 0; k < specs.length; k++) {
      const s = specs[(i + k) % specs.length];
      out.get(s.name)!.push(await visit(browser, base, s, settleMs));
    }
  }
  return out;
}
