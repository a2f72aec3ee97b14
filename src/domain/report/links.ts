/**
 * Where a link of a dashboard page points inside a study report that opens from disk: the
 * analytics pages become the report's pages, a failing run its static trace page, a runs-explorer
 * list of a task and config that task and config's failing runs in the index; everything else
 * has no page in the report (null: the builder keeps the text and drops the link).
 */
export interface ReportLinkMap {
  /** Dashboard path → report file, e.g. "/analytics/latency" → "latency.html". */
  pages: Record<string, string>;
  /** Ids of the runs that have a page under runs/. */
  runs: ReadonlySet<string>;
  /** "task--config" pairs that have failing runs listed in the index. */
  failing: ReadonlySet<string>;
}

/** The index anchor for a task and config's failing runs. */
export const failingAnchor = (taskId: string, configId: string) => `fail-${taskId}--${configId}`;

/** `href` as written in the page (absolute path or URL); `prefix` is "" for top-level pages, "../" for runs/. */
export function reportHref(href: string, map: ReportLinkMap, prefix = ""): string | null {
  if (href.startsWith("#")) return href;
  let url: URL;
  try {
    // Only the path and query matter; the base is never part of the result.
    url = new URL(href, "http://dashboard.invalid");
  } catch {
    return null;
  }
  if (url.hostname !== "dashboard.invalid" && !/^(127\.|localhost$|\[::1\]$)/.test(url.hostname)) return null;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const run = /^\/runs\/([^/]+)$/.exec(path);
  if (run) return map.runs.has(decodeURIComponent(run[1])) ? `${prefix}runs/${decodeURIComponent(run[1])}.html` : null;
  if (path === "/runs") {
    const task = url.searchParams.get("task");
    const config = url.searchParams.get("config");
    if (url.searchParams.get("passed") === "true") return null;
    if (task && config)
      return map.failing.has(`${task}--${config}`) ? `${prefix}index.html#${failingAnchor(task, config)}` : null;
    return map.failing.size ? `${prefix}index.html#failing` : null;
  }
  const page = map.pages[path];
  return page ? `${prefix}${page}${url.hash}` : null;
}
