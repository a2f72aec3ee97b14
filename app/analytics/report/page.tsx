import Link from "next/link";
import { getContext } from "@/server/context";
import { methodsFacts } from "@/server/report/methodsFacts";
import { failingRuns, type FailingRun } from "@/server/report/failingRuns";
import { methodsParagraph } from "@/domain/report/methods";
import { failingAnchor } from "@/domain/report/links";
import {
  AnalyticsHeader,
  pageSelection,
  FilterError,
  NoRuns,
  readPageFilter,
  type SearchParams,
} from "@/components/analytics/AnalyticsHeader";

export const dynamic = "force-dynamic";

/** Failing runs grouped by task and config, in the order the query returns them. */
function groupRuns(runs: FailingRun[]) {
  const groups = new Map<string, FailingRun[]>();
  for (const r of runs)
    groups.set(`${r.taskId}--${r.configId}`, [...(groups.get(`${r.taskId}--${r.configId}`) ?? []), r]);
  return [...groups.values()];
}

/** The study report's first page: the methods paragraph and every failing run (src/server/report builds the download from it). */
export default async function ReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const parsed = readPageFilter(await searchParams);
  if (!parsed.success)
    return <FilterError fields={parsed.error.issues.map((i) => i.path.join("."))} href="/analytics/report" />;
  const ctx = getContext();
  const selection = await pageSelection(ctx, parsed.data);
  const filter = selection.filter;
  const facts = await methodsFacts(ctx, filter);
  const header = (
    <AnalyticsHeader
      ctx={ctx}
      tab="/analytics/report"
      selection={selection}
      guide="How this selection was run, written out for a paper, and every failing run; Download report saves these pages with every figure as a folder that opens without a server."
    />
  );
  if (!facts.scoredRuns)
    return (
      <>
        {header}
        <NoRuns />
      </>
    );
  const failing = await failingRuns(ctx, filter);
  return (
    <>
      {header}
      <h2>Methods</h2>
      <div className="panel" data-testid="methods-paragraph">
        <p>{methodsParagraph(facts).join(" ")}</p>
      </div>
      <section data-testid="report-figures" data-report-figures hidden>
        <h2>Figures</h2>
      </section>
      <h2 id="failing">Failing runs</h2>
      <p className="section-guide">
        {failing.length} failing run{failing.length === 1 ? "" : "s"}, by task and config; each opens its trace.
      </p>
      <table className="compact" data-testid="failing-runs">
        <thead>
          <tr>
            <th>Task</th>
            <th>Config</th>
            <th>Runs (session #repeat: how it ended, tool calls)</th>
          </tr>
        </thead>
        <tbody>
          {groupRuns(failing).map((g) => (
            <tr key={`${g[0].taskId}--${g[0].configId}`} id={failingAnchor(g[0].taskId, g[0].configId)}>
              <td className="mono">{g[0].taskId}</td>
              <td className="mono">{g[0].configId}</td>
              <td>
                {g.map((r, i) => (
                  <span key={r.id}>
                    {i > 0 && " · "}
                    <Link prefetch={false} href={`/runs/${r.id}`} data-testid="failing-run">
                      {r.sessionName} #{r.repeat}: {r.outcome.replace("_", " ")}, {r.toolCalls} call
                      {r.toolCalls === 1 ? "" : "s"} ({r.failedToolCalls} failed)
                    </Link>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
