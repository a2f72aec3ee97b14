import Link from "next/link";
import { methodsFacts } from "@/server/report/methodsFacts";
import { failingRuns, type FailingRun } from "@/server/report/failingRuns";
import { methodsParagraph } from "@/domain/report/methods";
import { failingAnchor } from "@/domain/report/links";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
import { sessionPlans } from "@/server/sessions/sessionPlans";
import { planSentence } from "@/domain/study/plan";

export const dynamic = "force-dynamic";

/** Failing runs grouped by task and config, in the order the query returns them. */
function groupRuns(runs: FailingRun[]) {
  const groups = new Map<string, FailingRun[]>();
  for (const r of runs)
    groups.set(`${r.taskId}--${r.configId}`, [...(groups.get(`${r.taskId}--${r.configId}`) ?? []), r]);
  return [...groups.values()];
}

const PAGE = {
  tab: "/analytics/report",
  guide:
    "How this selection was run, written out for a paper, and every failing run; Download report saves these pages with every figure as a folder that opens without a server.",
} as const;

/** The study report's first page: the methods paragraph and every failing run (src/server/report builds the download from it). */
export default async function ReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, filter }) => {
    const facts = await methodsFacts(ctx, filter);
    if (!facts.scoredRuns) return null;
    const failing = await failingRuns(ctx, filter);
    // Issue 36.3: the selected sessions' pre-registered plans, with the hash that locks each.
    const plans = await sessionPlans(ctx, filter.sessions);
    return (
      <>
        <h2>Methods</h2>
        <div className="panel" data-testid="methods-paragraph">
          <p>{methodsParagraph(facts).join(" ")}</p>
        </div>
        {plans.length > 0 && (
          <div className="panel" data-testid="report-plans">
            <h3>Pre-registered plans</h3>
            <p className="section-guide">
              Saved before the first run and locked by the SHA-256 of the plan&apos;s canonical JSON. Every other
              comparison in this report (another pair of configs, another metric or α) is exploratory.
            </p>
            <ul>
              {plans.map((p) => (
                <li key={p.sessionId} data-testid="report-plan">
                  <span className="mono">{p.sessionId}</span> · sha256{" "}
                  <span className="mono" style={{ overflowWrap: "anywhere" }} data-testid="report-plan-hash">
                    {p.sha256}
                  </span>
                  : {planSentence(p.plan)}.
                </li>
              ))}
            </ul>
          </div>
        )}
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
  });
}
