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

/**
 * The side-by-side view of one task's runs under two compared sides (issue 34.9): the comparison's
 * filter query with the task in it, the sides' configs and sessions, and the repeat when given
 * (the view shows the first otherwise).
 */
export function sideBySideHref(
  filterQuery: string,
  s: { task: string; a: string; b: string; aSession?: string; bSession?: string; repeat?: number },
): string {
  const p = new URLSearchParams(filterQuery);
  p.set("task", s.task);
  p.set("a", s.a);
  p.set("b", s.b);
  if (s.aSession) p.set("aSession", s.aSession);
  if (s.bSession) p.set("bSession", s.bSession);
  if (s.repeat !== undefined) p.set("repeat", String(s.repeat));
  return `/runs/side-by-side?${p.toString()}`;
}
