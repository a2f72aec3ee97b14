import Link from "next/link";
import { filterToParams } from "@/domain/analytics/filterParams";
import type { Ctx } from "@/server/context";
import { filterOptions } from "@/server/analytics/filterOptions";
import type { SelectionView } from "@/server/analytics/describeSelection";
import type { Selection } from "@/server/analytics/resolveSelection";
import type { FlagsToSet } from "@/domain/analytics/selection";
import { includeLabel, leftOutHeading, SelectionNotice } from "./SelectionNotice";
import { FilterBar } from "./FilterBar";
import { ReportButton } from "./ReportButton";

/** The analytics pages; each keeps the filters when you switch. */
export const ANALYTICS_TABS = [
  { href: "/analytics", label: "Overview" },
  { href: "/analytics/latency", label: "Latency & context" },
  { href: "/analytics/progress", label: "Progress & failures" },
  { href: "/analytics/compare", label: "Compare" },
  { href: "/analytics/steps", label: "Ablation steps" },
  { href: "/analytics/proficiency", label: "Proficiency" },
  { href: "/analytics/report", label: "Methods & report" },
] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number]["href"];

/** Title, tabs, filter bar and the selection's line and mix warnings, shared by every analytics page. */
export async function AnalyticsHeader({
  ctx,
  tab,
  selection,
  view,
  guide,
}: {
  ctx: Ctx;
  tab: AnalyticsTab;
  selection: Selection;
  /** What the selection reads and mixes (describeSelection), as the page read it. */
  view: SelectionView;
  guide: string;
}) {
  // Tabs keep the address's filter (so the default follows the newest session); downloads and
  // the report take the sessions the figures read.
  const tabQs = filterToParams(selection.requested).toString();
  const qs = filterToParams(selection.filter).toString();
  const options = await filterOptions(ctx);
  return (
    <>
      <h1>Analytics</h1>
      <p className="sub">{guide}</p>
      <nav className="tabs" data-testid="analytics-tabs" style={{ marginBottom: 12 }}>
        {ANALYTICS_TABS.map((t) => (
          <Link prefetch={false} key={t.href} href={tabQs ? `${t.href}?${tabQs}` : t.href}>
            <button aria-pressed={t.href === tab} tabIndex={-1}>
              {t.label}
            </button>
          </Link>
        ))}
      </nav>
      <FilterBar
        filter={selection.requested}
        options={options}
        shownByDefault={selection.mode === "default" ? (selection.filter.sessions[0] ?? null) : null}
        unknown={selection.unknown}
      />
      <SelectionNotice
        view={view}
        hrefFor={(id) => `${tab}?${filterToParams({ ...selection.requested, sessions: [id], allSessions: false })}`}
        hrefWith={(set) => withSwitches(tab, selection, set)}
      />
      <p className="muted" style={{ marginTop: -6 }} data-testid="downloads">
        Download the runs behind these views:{" "}
        <a href={`/api/export/runs.csv${qs ? `?${qs}` : ""}`} download data-testid="download-csv">
          runs.csv
        </a>{" "}
        ·{" "}
        <a href={`/api/export/runs.json${qs ? `?${qs}` : ""}`} download data-testid="download-json">
          runs.json
        </a>{" "}
        ·{" "}
        <a
          href={`/api/export/turns.csv${qs ? `?${qs}` : ""}`}
          download
          data-testid="download-turns"
          title="One row per turn (docs/notebook-data.md)"
        >
          turns.csv
        </a>{" "}
        ·{" "}
        <a
          href={`/api/export/calls.csv${qs ? `?${qs}` : ""}`}
          download
          data-testid="download-calls"
          title="One row per tool call (docs/notebook-data.md)"
        >
          calls.csv
        </a>{" "}
        · <ReportButton query={qs} />
      </p>
    </>
  );
}

/** The page body when the address carries filters that do not parse. */
export function FilterError({ fields, href }: { fields: string[]; href: string }) {
  return (
    <div className="error" data-testid="filter-error">
      Some filters in the address are not valid ({fields.join(", ")}).{" "}
      <Link prefetch={false} href={href}>
        Clear the filters
      </Link>
      .
    </div>
  );
}

/** This page's address with "include trial runs" / "include superseded" turned on. */
export function withSwitches(tab: AnalyticsTab, selection: Selection, set: FlagsToSet): string {
  return `${tab}?${filterToParams({ ...selection.requested, ...set })}`;
}

/**
 * The empty state every analytics page shows when no run matches: when a switch is the reason
 * (the selected sessions are trials, the runs superseded), that sentence and the switch itself;
 * otherwise how to widen the filters or get runs.
 */
export function NoRuns({ hidden }: { hidden?: { text: string; set: FlagsToSet; href: string } | null }) {
  if (hidden)
    return (
      <div className="panel empty" data-testid="analytics-empty">
        <h2 data-testid="analytics-empty-title">{leftOutHeading(hidden.set)}</h2>
        <p data-testid="analytics-empty-hidden">{hidden.text}</p>
        <p>
          <Link prefetch={false} href={hidden.href} data-testid="empty-include">
            <button tabIndex={-1}>{includeLabel(hidden.set)}</button>
          </Link>
        </p>
      </div>
    );
  return (
    <div className="panel empty" data-testid="analytics-empty">
      <h2>No scored runs match these filters</h2>
      <p className="muted">
        Widen the filters, or{" "}
        <Link prefetch={false} href="/sessions/new">
          queue a session
        </Link>{" "}
        (or run the demo from the{" "}
        <Link prefetch={false} href="/">
          Sessions
        </Link>{" "}
        page) and come back when runs arrive.
      </p>
    </div>
  );
}
