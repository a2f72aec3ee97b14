/**
 * The runs explorer's address for the runs behind a count: the view's filter query plus the
 * narrower filters of that count (task, config, group, outcome, passed, looping).
 */
export function runsHref(filterQuery: string, extra: Record<string, string>): string {
  const p = new URLSearchParams(filterQuery);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const qs = p.toString();
  return qs ? `/runs?${qs}` : "/runs";
}
