import { parseFilter } from "./filter";

/** A page's search params as Next.js hands them over. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** A page's search params as a query string: a repeated parameter keeps every value, in order. */
export function toUrlParams(sp: SearchParams): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp))
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, x);
  return p;
}

/** Parses the shared filter from a page's search params. */
export function readPageFilter(sp: SearchParams) {
  return parseFilter(toUrlParams(sp));
}

/** The fields a failed parse names, as a page lists them ("thermal", "sessions.0"). */
export const issueFields = (error: { issues: { path: PropertyKey[] }[] }): string[] =>
  error.issues.map((i) => i.path.join("."));
