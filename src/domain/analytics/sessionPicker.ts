/** A session the picker offers (newest first, as the filter options list them). */
export interface PickerSession {
  id: string;
  name: string;
  trial: boolean;
  /** Cancelled part-way: marked in the list so it is not taken for a finished study. Absent: not cancelled. */
  cancelled?: boolean;
}

/** The filter takes at most this many sessions (AnalyticsFilter). */
export const MAX_SESSIONS = 200;
/** Rows the list draws before asking for a narrower search: enough to scroll, few enough to stay quick. */
export const LIST_LIMIT = 50;

/**
 * The picker's rows for a search: ticked sessions first (always shown, so a selection is never
 * hidden by the search), then the sessions whose name or id contains every word of the query
 * (case-insensitive), in the given order, up to `limit` rows. `total` counts every row there is
 * to draw (ticked ones included); `matched`, the sessions the query matches, ticked or not.
 */
export function matchSessions(
  options: readonly PickerSession[],
  query: string,
  ticked: ReadonlySet<string>,
  limit = LIST_LIMIT,
): { rows: PickerSession[]; total: number; matched: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (s: PickerSession) => {
    const hay = `${s.name} ${s.id}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const first = options.filter((s) => ticked.has(s.id));
  const rest = options.filter((s) => !ticked.has(s.id) && matches(s));
  return {
    rows: [...first, ...rest.slice(0, Math.max(0, limit - first.length))],
    total: first.length + rest.length,
    matched: options.filter(matches).length,
  };
}

/** The hint beside "Sessions": what the figures read ("2 selected", never counting unknown ids). */
export function pickerHint(h: { known: number; unknown: number; defaultName: string | null; pooled: boolean }): string {
  if (h.pooled) return "every session, pooled";
  const unknown = h.unknown ? `${h.unknown} unknown` : "";
  if (h.known) return `${h.known} selected${unknown ? `, ${unknown}` : ""}`;
  if (unknown) return `none selected, ${unknown}`;
  return h.defaultName ? `newest: ${h.defaultName}` : "none yet";
}

/**
 * What the list says when it shows no session: none matches the search, or there is none yet (a
 * first run, where "No session matches “”" read as a broken search).
 */
export function emptyPickerText(query: string, sessions: number): string {
  if (sessions === 0) return "No sessions yet: queue one from New session, or import a runs.json.";
  return query.trim() ? `No session matches “${query.trim()}”.` : "No session to show.";
}
