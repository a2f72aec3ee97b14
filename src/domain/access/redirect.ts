/**
 * Where to send a browser after it logs in (`next`). Only a path of this dashboard is kept: the
 * value is resolved the way the browser will resolve a Location header (WHATWG URL: `\` counts
 * as `/`, tabs and newlines vanish) against a placeholder origin, and anything that lands on
 * another origin, or whose path would read as protocol-relative (`//evil`), becomes `/`.
 * Prefix checks (`startsWith("/")`) miss `/\evil.example`, which browsers read as `//evil.example`.
 */
const BASE = "http://dashboard.invalid";

export function safeNextPath(next: string | null | undefined): string {
  if (!next) return "/";
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? "/" : path;
}
