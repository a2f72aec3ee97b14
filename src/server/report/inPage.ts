/**
 * Scripts the report builder runs inside the dashboard's own pages in Chromium. They are plain
 * JavaScript strings, not functions, because a bundler or tsx may wrap functions in helpers
 * (`__name`) that do not exist in the page.
 */

/** Every chart on the page as `{name, svg}`, serialised by the app's own ChartFrame code. */
export const COLLECT_FIGURES = `(() => {
  const out = [];
  for (const frame of document.querySelectorAll("[data-chart-frame]")) {
    const legend = JSON.parse(frame.getAttribute("data-chart-legend") || "[]");
    const r = window.harnessChartToSvg ? window.harnessChartToSvg(frame, legend) : null;
    if (r) out.push({ name: frame.getAttribute("data-chart-frame"), svg: r.svg });
  }
  return out;
})()`;

/**
 * True once every chart container has drawn its SVG (ResponsiveContainer draws after measuring)
 * and no chart is still waiting for its script (LazyCharts' `data-chart-pending` frames).
 */
export const CHARTS_DRAWN = `(() => {
  if (document.querySelector("[data-chart-pending]")) return false;
  const boxes = [...document.querySelectorAll(".recharts-responsive-container")];
  return boxes.every((b) => b.querySelector("svg.recharts-surface")) && (!document.querySelector("[data-chart-frame]") || !!window.harnessChartToSvg);
})()`;

/** Every link target on the page, for the builder to map (src/domain/report/links.ts). */
export const COLLECT_HREFS = `[...new Set([...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")))]`;

/**
 * Keeps a copy of chart frame number \`i\` as it is now, captioned, so a chart with views
 * (How runs ended: all tasks / file tasks / multi-step) shows each of them in the report.
 */
export const KEEP_VARIANT = `((arg) => {
  const frame = document.querySelectorAll("[data-chart-frame]")[arg.i];
  window.__reportVariants = window.__reportVariants || {};
  const copy = frame.cloneNode(true);
  copy.querySelectorAll("[data-report-variant]").forEach((b) => b.remove());
  const cap = document.createElement("p");
  cap.className = "figure-caption";
  cap.textContent = arg.label;
  copy.prepend(cap);
  (window.__reportVariants[arg.i] = window.__reportVariants[arg.i] || []).push(copy);
})`;

/**
 * Turns the live page into a static one: variants in place, no scripts, forms, filters or
 * export buttons; links rewritten by \`arg.links\` (null: text only); each chart's buttons
 * replaced by a link to its SVG file; the shared stylesheet linked. Returns the HTML.
 */
export const FINALIZE = `((arg) => {
  const frames = [...document.querySelectorAll("[data-chart-frame]")];
  for (const [i, copies] of Object.entries(window.__reportVariants || {})) {
    const holder = document.createElement("div");
    holder.className = "report-variants";
    holder.append(...copies);
    frames[Number(i)].replaceWith(holder);
  }
  // Links first: the figure links made below are the report's own.
  for (const a of document.querySelectorAll("a")) {
    const to = a.hasAttribute("href") ? arg.links[a.getAttribute("href")] : null;
    if (to) { a.setAttribute("href", to); continue; }
    const span = document.createElement("span");
    span.className = a.className;
    span.append(...a.childNodes);
    a.replaceWith(span);
  }
  for (const frame of document.querySelectorAll("[data-chart-frame]")) {
    const file = arg.figures[frame.getAttribute("data-chart-frame")];
    const tools = frame.querySelector("[data-report-drop]");
    if (tools && file) {
      const a = document.createElement("a");
      a.href = file;
      a.textContent = "SVG";
      a.setAttribute("data-testid", "figure-file");
      tools.replaceChildren(a);
      tools.removeAttribute("data-report-drop");
    }
  }
  document.querySelectorAll("script, noscript, link, style, iframe, template, form, next-route-announcer, [data-report-drop], [data-testid=filter-bar], [data-testid=downloads], [data-report-variant], .topbar nav").forEach((e) => e.remove());
  document.querySelectorAll("meta").forEach((m) => { if (!m.hasAttribute("charset") && m.getAttribute("name") !== "viewport") m.remove(); });
  for (const b of document.querySelectorAll("button, select, input, textarea")) if (!b.closest("a")) b.setAttribute("disabled", "");
  for (const el of document.querySelectorAll("*")) {
    for (const at of [...el.attributes]) {
      if (/^on/i.test(at.name) || at.name === "srcset" || at.name === "xmlns" || at.name.startsWith("xmlns:") || (at.name === "src" && !at.value.startsWith("data:"))) el.removeAttribute(at.name);
    }
  }
  const figs = document.querySelector("[data-report-figures]");
  if (figs) {
    figs.removeAttribute("hidden");
    const ul = document.createElement("ul");
    for (const f of arg.figureList) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = f.file;
      a.textContent = f.file.replace(/^figures\\//, "");
      li.append(f.page + ": ", a);
      ul.append(li);
    }
    figs.append(ul);
  }
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = arg.css;
  document.head.append(css);
  const nav = document.createElement("nav");
  nav.className = "report-nav";
  nav.setAttribute("data-testid", "report-nav");
  for (const p of arg.nav) {
    const a = document.createElement("a");
    a.href = p.file;
    a.textContent = p.label;
    nav.append(a, " ");
  }
  document.querySelector(".topbar")?.append(nav);
  document.title = arg.title;
  return "<!doctype html>\\n" + document.documentElement.outerHTML;
})`;

/** The page's CSS rules as text, without web fonts (a report must not fetch anything). */
export const COLLECT_CSS = `(() => {
  const out = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch { continue; }
    for (const r of rules) if (!(r instanceof CSSFontFaceRule)) out.push(r.cssText);
  }
  return out.join("\\n");
})()`;
