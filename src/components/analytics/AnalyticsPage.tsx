import type { ReactNode } from "react";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { loadAnalyticsPage, type AnalyticsPageData } from "@/server/analytics/loadPage";
import { figureFacts } from "@/server/analytics/figureFacts";
import { FigureContextProvider } from "@/components/charts/FigureContext";
import { describeSelection } from "@/server/analytics/describeSelection";
import { AnalyticsHeader, FilterError, NoRuns, withSwitches, type AnalyticsTab } from "./AnalyticsHeader";

export interface AnalyticsPageSpec {
  tab: AnalyticsTab;
  /** The sentence under the title. */
  guide: string;
  /** Sessions of the page's own parameters that join the selection (loadPage.ts). */
  sides?: (params: URLSearchParams) => readonly (string | undefined)[];
}

/**
 * An analytics page around its `body`: the filter error when the address's filter does not parse;
 * else the header (title, tabs, filter bar, selection) and the body, or the no-runs state where
 * the body returns null because nothing matches. Every chart of the body carries the selection's
 * n, sessions and date into its exported file (figureFacts).
 */
export async function analyticsPage(
  searchParams: Promise<SearchParams>,
  spec: AnalyticsPageSpec,
  body: (page: AnalyticsPageData) => Promise<ReactNode | null>,
): Promise<ReactNode> {
  const loaded = await loadAnalyticsPage(searchParams, spec.sides);
  if (!loaded.ok) return <FilterError fields={loaded.invalid} href={spec.tab} />;
  const { page } = loaded;
  const [content, facts, view] = await Promise.all([
    body(page),
    figureFacts(page.ctx, page.selection),
    describeSelection(page.ctx, page.selection),
  ]);
  const hidden = view.hidden && { ...view.hidden, href: withSwitches(spec.tab, page.selection, view.hidden.set) };
  // An empty page says why (trial or superseded runs left out) once, in its empty state, with the switch.
  const shown =
    content == null && hidden ? { ...view, notices: view.notices.filter((n) => n.kind !== "hiddenRuns") } : view;
  return (
    <>
      <AnalyticsHeader ctx={page.ctx} tab={spec.tab} selection={page.selection} view={shown} guide={spec.guide} />
      {content == null ? (
        <NoRuns hidden={hidden} />
      ) : (
        <FigureContextProvider value={facts}>{content}</FigureContextProvider>
      )}
    </>
  );
}
