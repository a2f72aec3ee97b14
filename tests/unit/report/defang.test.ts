import { describe, expect, it } from "vitest";
import { defangUrls, urlsIn } from "@/domain/report/defang";

describe("defangUrls", () => {
  it("defangs every http and https URL so none is left", () => {
    const text = 'reply: see https://example.org/a and HTTP://x.test <a href="http://127.0.0.1:3000/runs">';
    const out = defangUrls(text);
    expect(out).toBe('reply: see hxxps://example.org/a and HxxP://x.test <a href="hxxp://127.0.0.1:3000/runs">');
    expect(urlsIn(text)).toHaveLength(3);
    expect(urlsIn(out)).toEqual([]);
  });

  it("keeps an SVG file's namespace declarations and nothing else", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><text>http://evil.test</text></svg>';
    const out = defangUrls(svg, true);
    expect(out).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(out).toContain("<text>hxxp://evil.test</text>");
    expect(urlsIn(out, true)).toEqual([]);
    // In HTML a namespace URL counts: the builder strips xmlns attributes there.
    expect(urlsIn('<svg xmlns="http://www.w3.org/2000/svg">')).toEqual(["http://www.w3.org/2000/svg"]);
    expect(urlsIn(defangUrls('"http://www.w3.org/2000/svg/evil"', true), true)).toEqual([]);
  });
});
