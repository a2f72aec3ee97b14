/** The SVG namespace names an .svg file must declare; they are identifiers, never fetched. */
export const SVG_NAMESPACES = ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"] as const;

/**
 * A study report holds no URL (issue 21: it opens offline and must not point anywhere). Text a
 * run carries (a model's reply, a file it wrote) may still contain one: it is defanged the
 * usual way (`hxxps://`), readable but neither a link nor a fetch. An SVG file keeps its
 * namespace declarations, which it needs to be an SVG.
 */
export function defangUrls(text: string, svg = false): string {
  const keep = svg ? SVG_NAMESPACES : [];
  return text.replace(/\b(h)(tt)(ps?):\/\//gi, (m, h: string, _tt: string, ps: string, at: number) =>
    keep.some((ns) => text.startsWith(ns, at) && /["']/.test(text[at + ns.length] ?? "")) ? m : `${h}xx${ps}://`,
  );
}

/** Every URL left in a report file (the test that greps the report uses this). */
export function urlsIn(text: string, svg = false): string[] {
  const keep = svg ? SVG_NAMESPACES : [];
  return [...text.matchAll(/\bhttps?:\/\/[^\s"'<>)]*/gi)].map((m) => m[0]).filter((u) => !keep.some((ns) => u === ns));
}
