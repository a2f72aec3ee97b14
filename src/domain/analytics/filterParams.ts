import type { AnalyticsFilter } from "./filter";

// Apart from filter.ts so the browser's filter forms (FilterBar, RunsFilterForm) write a query
// string without loading zod and the suite and protocol schemas the filter's parser is built from.

/** The query string for a filter (for links from a count to the runs behind it, and downloads). */
export function filterToParams(f: Partial<AnalyticsFilter>): URLSearchParams {
  const p = new URLSearchParams();
  for (const s of f.sessions ?? []) p.append("session", s);
  if (f.allSessions) p.set("allSessions", "1");
  if (f.build) p.set("build", f.build);
  if (f.device) p.set("device", f.device);
  if (f.thermal) p.set("thermal", f.thermal);
  if (f.charging !== undefined) p.set("charging", f.charging ? "true" : "false");
  if (f.includeTrial) p.set("includeTrial", "1");
  if (f.includeSuperseded) p.set("includeSuperseded", "1");
  if (f.task) p.set("task", f.task);
  if (f.group) p.set("group", f.group);
  if (f.config) p.set("config", f.config);
  if (f.outcome) p.set("outcome", f.outcome);
  if (f.passed !== undefined) p.set("passed", f.passed ? "true" : "false");
  if (f.looping !== undefined) p.set("looping", f.looping ? "true" : "false");
  if (f.toolsDropped !== undefined) p.set("toolsDropped", f.toolsDropped ? "true" : "false");
  return p;
}
