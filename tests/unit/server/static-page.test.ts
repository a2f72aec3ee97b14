import { describe, expect, it } from "vitest";
import { COLLECT_HREFS, FINALIZE } from "@/server/report/inPage";
import { staticPage } from "@/server/report/staticPage";

// A trace page as the server writes it, with what hostile model output and React put in one.
const SERVER_HTML = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/>
<meta name="next-size-adjust" content=""/><link rel="stylesheet" href="/_next/static/a.css" fetchPriority="high"/>
<script src="/_next/static/chunks/x.js" noModule=""></script><title>Run</title></head>
<body><header class="topbar"><nav><a href="/sessions">Sessions</a></nav></header>
<main><a href="/runs/run_1" onClick="steal()">next repeat</a> <a href="/suite">suite</a>
<svg viewBox="0 0 10 10" preserveAspectRatio="none"><path d="M0 0L10 10"/></svg>
<pre class="tx" data-testid="turn-text">&lt;script&gt;alert(1)&lt;/script&gt; &amp; https://example.com/x</pre>
<img src="https://tracker.example/p.png" alt=""/><form><input name="q"/></form><button>Rescore</button></main>
<script>self.__next_f.push([1,"x"])</script></body></html>`;

function finalize(html: string) {
  const page = staticPage(html);
  const hrefs = page.run(COLLECT_HREFS) as string[];
  const links = Object.fromEntries(hrefs.map((h) => [h, h === "/runs/run_1" ? "run_1.html" : null]));
  return {
    hrefs,
    html: page.run(
      `${FINALIZE}(${JSON.stringify({ links, figures: {}, figureList: [], css: "../style.css", nav: [{ file: "../index.html", label: "Methods" }], title: "Study report · run r" })})`,
    ) as string,
  };
}

describe("a trace page finalised without a browser", () => {
  it("collects the page's links as the browser script does", () => {
    expect(finalize(SERVER_HTML).hrefs.sort()).toEqual(["/runs/run_1", "/sessions", "/suite"].sort());
  });

  it("keeps the charset a browser reads from React's charSet, and SVG's own camelCase attributes", () => {
    const { html } = finalize(SERVER_HTML);
    expect(html).toMatch(/^<!doctype html>\n<html/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('viewBox="0 0 10 10"');
    expect(html).toContain('preserveAspectRatio="none"');
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toContain("next-size-adjust");
  });

  it("leaves nothing that runs or fetches: no scripts, handlers, forms, stylesheets but the report's, or remote images", () => {
    const { html } = finalize(SERVER_HTML);
    expect(html).not.toMatch(/<script|onclick|<form|_next|tracker\.example/i);
    expect(html).toMatch(/<link (?=[^>]*rel="stylesheet")(?=[^>]*href="\.\.\/style\.css")[^>]*>/);
    expect(html).toMatch(/<button[^>]*disabled/);
    expect(html).toContain("<title>Study report · run r</title>");
  });

  it("rewrites links the report holds and turns the others into text; model output stays text", () => {
    const { html } = finalize(SERVER_HTML);
    expect(html).toContain('href="run_1.html"');
    expect(html).not.toMatch(/href="\/(sessions|suite)"/);
    expect(html).toContain("<span>suite</span>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; https://example.com/x");
    expect(html).toMatch(/data-testid="report-nav"[^>]*>.*href="\.\.\/index\.html"/s);
  });
});
