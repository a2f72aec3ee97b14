import { trajectoryChart } from "@/domain/analytics/progress-chart";
import { progressAnalytics } from "@/server/analytics/progress";
import { failureAnalytics } from "@/server/analytics/failures";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
import { ProgressCharts } from "@/components/analytics/ProgressChart";
import { FailurePatternTable } from "@/components/analytics/FailurePatternTable";
import { filterToParams } from "@/domain/analytics/filterParams";
import { configUniverse } from "@/server/analytics/configUniverse";
import { configColors } from "@/components/analytics/configColors";

export const dynamic = "force-dynamic";

const PAGE = {
  tab: "/analytics/progress",
  guide:
    "How far runs got before they ended, and the call sequences failing runs repeat. Trial and superseded runs are left out unless you include them.",
} as const;

export default async function ProgressPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, filter }) => {
    const { failures, runs } = await failureAnalytics(ctx, filter);
    if (!runs) return null;
    const { tasks } = await progressAnalytics(ctx, filter);
    const charts = tasks.map(trajectoryChart);
    const configs = [...new Set(tasks.flatMap((t) => t.configs.map((c) => c.configId)))].sort();
    return (
      <>
        <h2>Progress trajectories</h2>
        <p className="section-guide">
          Milestones reached after each tool call, one line per config following what most of its repeats did; dips into
          the shaded band are failed calls, and the end marker says how most runs ended.
        </p>
        {charts.length ? (
          <ProgressCharts charts={charts} configs={configs} colors={configColors(await configUniverse(ctx))} />
        ) : (
          <div className="panel empty" data-testid="progress-empty">
            <p className="muted">
              No runs of tasks with milestones in this selection. Milestones are defined for the multi-step tasks: queue
              a session that includes them.
            </p>
          </div>
        )}

        <h2>Failure patterns</h2>
        <p className="section-guide">
          For every task and config with failing runs, the call sequence most of them followed (arguments abstracted so
          repeats match, ✗ a failed call) and how many followed it.
        </p>
        {failures.length ? (
          <FailurePatternTable rows={failures} filterQuery={filterToParams(filter).toString()} />
        ) : (
          <div className="panel empty" data-testid="failures-empty">
            <p className="muted">Every run in this selection passed: there are no failure patterns to show.</p>
          </div>
        )}
      </>
    );
  });
}
