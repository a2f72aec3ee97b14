import { getContext } from "@/server/context";
import { trajectoryChart } from "@/domain/analytics/progress-chart";
import { progressAnalytics } from "@/server/analytics/progress";
import { failureAnalytics } from "@/server/analytics/failures";
import {
  AnalyticsHeader,
  pageSelection,
  FilterError,
  NoRuns,
  readPageFilter,
  type SearchParams,
} from "@/components/analytics/AnalyticsHeader";
import { ProgressCharts } from "@/components/analytics/ProgressChart";
import { FailurePatternTable } from "@/components/analytics/FailurePatternTable";
import { filterToParams } from "@/domain/analytics/filterParams";
import { configUniverse } from "@/server/analytics/configUniverse";
import { configColors } from "@/components/analytics/configColors";

export const dynamic = "force-dynamic";

export default async function ProgressPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const parsed = readPageFilter(await searchParams);
  if (!parsed.success)
    return <FilterError fields={parsed.error.issues.map((i) => i.path.join("."))} href="/analytics/progress" />;
  const ctx = getContext();
  const selection = await pageSelection(ctx, parsed.data);
  const filter = selection.filter;
  const { failures, runs } = await failureAnalytics(ctx, filter);
  const header = (
    <AnalyticsHeader
      ctx={ctx}
      tab="/analytics/progress"
      selection={selection}
      guide="How far runs got before they ended, and the call sequences failing runs repeat. Trial and superseded runs are left out unless you include them."
    />
  );
  if (!runs)
    return (
      <>
        {header}
        <NoRuns />
      </>
    );
  const { tasks } = await progressAnalytics(ctx, filter);
  const charts = tasks.map(trajectoryChart);
  const configs = [...new Set(tasks.flatMap((t) => t.configs.map((c) => c.configId)))].sort();
  return (
    <>
      {header}
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
            No runs of tasks with milestones in this selection. Milestones are defined for the multi-step tasks: queue a
            session that includes them.
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
}
