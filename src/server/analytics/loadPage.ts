import "server-only";
import { getContext, type Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { issueFields, readPageFilter, toUrlParams, type SearchParams } from "@/domain/analytics/searchParams";
import { resolveSelection, withSideSessions, type Selection } from "./resolveSelection";

export interface AnalyticsPageData {
  ctx: Ctx;
  /** The address's parameters as Next.js gave them, and as a query string. */
  sp: SearchParams;
  params: URLSearchParams;
  selection: Selection;
  /** The filter every figure reads: `selection.filter`. */
  filter: AnalyticsFilter;
}

export type LoadedPage = { ok: true; page: AnalyticsPageData } | { ok: false; invalid: string[] };

/**
 * The prologue every analytics page shares: the address read, its filter parsed (or the fields
 * that do not parse), and the sessions its figures read resolved once (resolveSelection.ts).
 * `sides` names sessions of the page's own parameters that join the selection: a comparison's
 * `aSession` / `bSession`, the steps' sessions.
 */
export async function loadAnalyticsPage(
  searchParams: Promise<SearchParams>,
  sides: (params: URLSearchParams) => readonly (string | undefined)[] = () => [],
): Promise<LoadedPage> {
  const sp = await searchParams;
  const parsed = readPageFilter(sp);
  if (!parsed.success) return { ok: false, invalid: issueFields(parsed.error) };
  const params = toUrlParams(sp);
  const ctx = getContext();
  const selection = await resolveSelection(ctx, withSideSessions(parsed.data, sides(params)));
  return { ok: true, page: { ctx, sp, params, selection, filter: selection.filter } };
}
