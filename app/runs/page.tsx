import Link from "next/link";
import { getContext } from "@/server/context";
import { filterToParams } from "@/domain/analytics/filterParams";
import { parseRunsPage, type RunsPage } from "@/domain/analytics/runs-query";
import { duration, integer } from "@/domain/stats/format";
import { listRuns } from "@/server/runs/listRuns";
import { filterOptions } from "@/server/analytics/filterOptions";
import { issueFields, readPageFilter, toUrlParams, type SearchParams } from "@/domain/analytics/searchParams";
import { FilterError } from "@/components/analytics/AnalyticsHeader";
import { RunsFilterForm } from "@/components/runs/RunsFilterForm";
import { ExportButtons } from "@/components/runs/ExportButtons";
import { RunsLegend } from "@/components/runs/RunsLegend";
import { RunsSearch } from "@/components/runs/RunsSearch";
import { searchWords } from "@/domain/runs/search";
import { PAGE_SIZES, outcomeLabel, shortName } from "@/domain/runs/labels";

export const dynamic = "force-dynamic";

// `more`: shown after ticking "More columns" (issue 34.3: thirteen columns do not fit 1024 px, eight do).
const COLUMNS: { key: RunsPage["sort"] | null; label: string; num?: boolean; more?: boolean }[] = [
  { key: "task", label: "Task" },
  { key: "config", label: "Config" },
  { key: null, label: "Rep.", num: true, more: true },
  { key: null, label: "Session" },
  { key: null, label: "Device", more: true },
  { key: "passed", label: "Result" },
  { key: "outcome", label: "Outcome" },
  { key: "calls", label: "Calls", num: true },
  { key: "turns", label: "Turns", num: true, more: true },
  { key: "ttft", label: "TTFT", num: true },
  { key: "load", label: "Load", num: true },
  { key: "peak", label: "Peak ctx", num: true, more: true },
  { key: null, label: "Conditions", more: true },
];
const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ") || undefined;

export default async function RunsExplorerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const parsed = readPageFilter(sp);
  const page = parseRunsPage(toUrlParams(sp));
  if (!parsed.success) return <FilterError fields={issueFields(parsed.error)} href="/runs" />;
  if (!page.success) return <FilterError fields={issueFields(page.error)} href="/runs" />;
  const ctx = getContext();
  const filter = parsed.data;
  const result = await listRuns(ctx, filter, page.data);
  const base = filterToParams(filter);
  const params = (over: Partial<RunsPage>) => {
    const p = new URLSearchParams(base);
    const merged = { ...page.data, ...over };
    if (merged.q) p.set("q", merged.q);
    if (merged.sort !== "received") p.set("sort", merged.sort);
    if (merged.dir !== "desc") p.set("dir", merged.dir);
    if (merged.page !== 1) p.set("page", String(merged.page));
    if (merged.pageSize !== 50) p.set("pageSize", String(merged.pageSize));
    return p;
  };
  const link = (over: Partial<RunsPage>) => {
    const qs = params(over).toString();
    return qs ? `/runs?${qs}` : "/runs";
  };
  const qs = base.toString();
  const q = page.data.q;
  // A search with no letter or digit in it searches nothing: said, so the full list is not a surprise.
  const searching = searchWords(q).length > 0;
  const searchKeeps = params({ q: "", page: 1 });
  return (
    <>
      <h1>Runs</h1>
      <p className="sub">
        Every scored run, filtered and sorted here; the address keeps the filters, so any view can link to the runs
        behind its counts.
      </p>
      <RunsSearch q={q} keep={searchKeeps} clearHref={link({ q: "", page: 1 })} />
      {q && !searching && (
        <p className="muted" data-testid="runs-search-ignored">
          “{q}” has no letters or digits to search for, so every run the filters keep is listed.
        </p>
      )}
      <RunsFilterForm filter={filter} q={q} options={await filterOptions(ctx)} />
      <div className="row" style={{ justifyContent: "space-between", margin: "8px 0" }}>
        <b data-testid="runs-count">
          {result.total === 0
            ? "No runs match"
            : `${integer(result.first)}–${integer(result.last)} of ${integer(result.total)} runs${searching ? ` matching “${q}”` : ""}`}
        </b>
        {searching ? (
          // The exports stream every run the filters keep; the search is the explorer's alone.
          <span className="muted" data-testid="export-search-note">
            Exports hold every run the filters keep:{" "}
            <Link prefetch={false} href={link({ q: "", page: 1 })}>
              clear the search
            </Link>{" "}
            to export.
          </span>
        ) : (
          <ExportButtons query={qs} total={result.total} />
        )}
      </div>
      {result.total === 0 && searching ? (
        <div className="panel empty" data-testid="runs-search-empty">
          <h2>No run says “{q}”</h2>
          <p className="muted">
            The search looks in run ids, final replies, tool calls&apos; names and arguments, end details and failed
            calls&apos; results, and every word must appear. Try fewer or shorter words, or{" "}
            <Link prefetch={false} href={link({ q: "", page: 1 })} data-testid="runs-search-clear-empty">
              clear the search
            </Link>{" "}
            to see every run these filters keep.
          </p>
        </div>
      ) : result.total === 0 ? (
        <div className="panel empty" data-testid="runs-empty">
          <h2>No runs match these filters</h2>
          <p className="muted">
            Clear a filter, or include trial and superseded runs.{" "}
            <Link prefetch={false} href="/runs">
              Show all runs
            </Link>
            .
          </p>
        </div>
      ) : (
        // Eight columns by default; the other five one tick away, the card then scrolling sideways if it must.
        <div className="runs-table">
          <label className="more-cols" data-testid="more-columns">
            <input type="checkbox" /> More columns:{" "}
            {COLUMNS.filter((c) => c.more)
              .map((c) => c.label.replace(".", ""))
              .join(", ")
              .toLowerCase()}
          </label>
          <div className="panel table-card" data-testid="runs-card">
            <table className="compact" data-testid="runs-explorer">
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.label} className={cls(c.num && "num", c.more && "more-col")}>
                      {c.key ? (
                        <Link
                          prefetch={false}
                          href={link({
                            sort: c.key,
                            dir: page.data.sort === c.key && page.data.dir === "desc" ? "asc" : "desc",
                            page: 1,
                          })}
                          data-testid={`sort-${c.key}`}
                        >
                          {c.label}
                          {page.data.sort === c.key ? (page.data.dir === "desc" ? " ↓" : " ↑") : ""}
                        </Link>
                      ) : (
                        c.label
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.runs.map((r) => (
                  <tr key={r.id} data-testid="explorer-row">
                    <td className="mono">
                      <Link prefetch={false} href={`/runs/${r.id}`}>
                        {r.taskId}
                      </Link>
                      {r.heldOut ? " ◆" : ""}
                    </td>
                    <td className="mono">{r.configId}</td>
                    <td className="num more-col">
                      {r.repeat}
                      {r.attempt > 1 ? `·a${r.attempt}` : ""}
                    </td>
                    <td className="nowrap" data-testid="session-cell">
                      <Link
                        prefetch={false}
                        href={`/sessions/${r.sessionId}`}
                        title={`${r.sessionName} (${r.sessionId})`}
                      >
                        {shortName(r.sessionName)}
                      </Link>
                      {r.trial && <span className="pill warn"> trial</span>}
                    </td>
                    <td className="muted nowrap more-col" title={r.deviceLabel} data-testid="run-device">
                      {shortName(r.deviceLabel)}
                    </td>
                    <td className="nowrap">
                      {r.passed ? <span className="pill pass">pass</span> : <span className="pill fail">fail</span>}
                      {r.superseded && <span className="pill"> superseded</span>}
                      {r.unscorable && (
                        <span className="pill warn" title={r.unscorable} data-testid="unscorable">
                          {" "}
                          not scored
                        </span>
                      )}
                      {r.looping && <span className="pill warn"> loop</span>}
                    </td>
                    <td className="nowrap" title={r.outcomeReason}>
                      <span className={`pill o-${r.outcome}`}>{outcomeLabel(r.outcome)}</span>
                    </td>
                    <td className="num">
                      {r.toolCalls}
                      {r.failedToolCalls ? <span className="muted"> ({r.failedToolCalls}✗)</span> : ""}
                    </td>
                    <td className="num more-col">{r.turnCount}</td>
                    <td className="num">{duration(r.firstTtftMs)}</td>
                    <td className="num">{duration(r.loadMs)}</td>
                    <td className="num more-col">{integer(r.peakContextTokens)}</td>
                    <td className="muted nowrap more-col">
                      {r.thermalAtStart ?? "–"}
                      {r.charging ? " · charging" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {result.total > 0 && <RunsLegend />}
      {result.total > 0 && (
        <div className="row" style={{ marginTop: 12 }} data-testid="pagination">
          {result.page > 1 && (
            <Link prefetch={false} className="btn" href={link({ page: result.page - 1 })} data-testid="page-prev">
              ← Previous
            </Link>
          )}
          <span className="muted" data-testid="page-of">
            Page {result.page} of {result.pages}
          </span>
          {result.page < result.pages && (
            <Link prefetch={false} className="btn" href={link({ page: result.page + 1 })} data-testid="page-next">
              Next →
            </Link>
          )}
          <span className="muted" style={{ marginLeft: "auto" }} data-testid="page-sizes">
            Rows per page:{" "}
            {PAGE_SIZES.map((n) =>
              n === result.pageSize ? (
                <b key={n} data-testid="page-size-current">
                  {" "}
                  {n}
                </b>
              ) : (
                <Link prefetch={false} key={n} href={link({ pageSize: n, page: 1 })} data-testid={`page-size-${n}`}>
                  {" "}
                  {n}
                </Link>
              ),
            )}
          </span>
        </div>
      )}
    </>
  );
}
