import { passRateBars } from "@/domain/analytics/bars";
import { passRateBarsOverall } from "@/domain/analytics/passRateChart";
import { taskGroupCounts, tallyTasks, taskTallySentence } from "@/domain/analytics/taskGroups";
import { configUniverse } from "@/server/analytics/configUniverse";
import { configColors } from "@/components/analytics/configColors";
import { wilson } from "@/domain/stats/wilson";
import { filterToParams } from "@/domain/analytics/filterParams";
import { configAnalytics } from "@/server/analytics/configs";
import { outcomeAnalytics, taskGrid } from "@/server/analytics/grid";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
import { ConfigTable } from "@/components/analytics/ConfigTable";
import { TaskGridTable } from "@/components/analytics/TaskGridTable";
import { OutcomeChart, PassByGroupChart, PassRateChart } from "@/components/analytics/LazyCharts";

export const dynamic = "force-dynamic";

const PAGE = {
  tab: "/analytics",
  guide:
    "What each harness change did to success, to how runs fail, and to latency on the phone. Trial and superseded runs are left out unless you include them.",
} as const;

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, filter }) => {
    // Independent reads, started together: the columnar copy answers them in parallel.
    const [{ configs }, universe, grid, outcomes] = await Promise.all([
      configAnalytics(ctx, filter),
      configUniverse(ctx),
      taskGrid(ctx, filter),
      outcomeAnalytics(ctx, filter),
    ]);
    if (!configs.length) return null;
    const filterQuery = filterToParams(filter).toString();
    const bars = passRateBars(
      configs.map((c) => ({ configId: c.configId, series: taskGroupCounts(c.byGroup, c.heldOut, wilson) })),
    );
    return (
      <>
        <h2>Config comparison</h2>
        <p className="section-guide">
          Medians per run; pass counts with Wilson 95% intervals. Repeats of a task mostly end alike, so the effective n
          (hover it) counts them for less, and the interval on it is the honest one. Compare costs (start-up tokens,
          load, turn time) with what they bought.
        </p>
        <ConfigTable configs={configs} filterQuery={filterQuery} />

        <h2>Pass rate per config</h2>
        <p className="section-guide">
          Every run of each config; whiskers are Wilson 95% intervals over runs (the table&apos;s Wilson (runs)).
          Repeats of a task make the honest interval wider: see Eff. n above.
        </p>
        <PassRateChart rows={passRateBarsOverall(configs, wilson)} colors={configColors(universe)} />

        <h2>Pass rate by task group</h2>
        <p className="section-guide">
          Bars are pass rates, whiskers Wilson 95% intervals: overlapping whiskers mean the difference may be chance.
        </p>
        <p className="sub" data-testid="task-tally">
          {taskTallySentence(tallyTasks(grid.tasks), "selection")}
        </p>
        <PassByGroupChart rows={bars} />

        <h2>Task grid</h2>
        <p className="section-guide">
          Runs passed out of runs for every task and config. Rows that are all 0/n or n/n show outcomes decided by the
          task, not by chance.
        </p>
        <TaskGridTable grid={grid} filterQuery={filterQuery} />

        <h2>How runs ended</h2>
        <p className="sub section-guide">
          Outcome labels per config: a config can keep its pass rate and still fail differently (quitting vs. running
          out of context).
        </p>
        <OutcomeChart data={outcomes} />
      </>
    );
  });
}
