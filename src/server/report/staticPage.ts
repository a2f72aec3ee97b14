import { parseHTML } from "linkedom";

/**
 * A page of server HTML as a DOM without a browser (linkedom), for the report's trace pages: they
 * have no charts and no script has to run, so Chromium with JavaScript off only parsed the
 * server's HTML, and a report of ~320 of them spent most of its time doing that (ADR 8). `run`
 * evaluates one of inPage.ts's scripts against this document, as `page.evaluate` does in Chromium.
 */
export function staticPage(html: string): { run: (script: string) => unknown } {
  const { window, document } = parseHTML(html);
  // HTML attribute names are case-insensitive and a browser lowers them as it parses (React
  // writes `charSet`); linkedom keeps them as written, which SVG needs (`viewBox`), so only HTML
  // elements are lowered, and the scripts' `hasAttribute("charset")` sees what a browser sees.
  for (const el of document.querySelectorAll("*")) {
    if (el.closest("svg")) continue;
    for (const at of [...el.attributes]) {
      const lower = at.name.toLowerCase();
      if (lower === at.name) continue;
      el.removeAttribute(at.name);
      if (!el.hasAttribute(lower)) el.setAttribute(lower, at.value);
    }
  }
  return {
    run: (script) => new Function("window", "document", `"use strict"; return (${script});`)(window, document),
  };
}
