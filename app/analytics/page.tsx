import Link from "next/link";
import { getContext } from "@/server/context";
import { parseFilter } from "@/domain/analytics/filter";
import { passRateBars, combineCounts } from "@/domain/analytics/bars";
import { wilson } from "@/domain/stats/wilson";
import { configAnalytics } from "@/server/analytics/configs";
import { outcomeAnalytics, taskGrid } from "@/server/analytics/grid";
import { filterOptions } from "@/server/analytics/filterOptions";
import { FilterBar } from "@/components/analytics/FilterBar";
import { ConfigTable } from "@/components/analytics/ConfigTable";
import { PassByGroupChart } from "@/components/analytics/PassByGroupChart";
import { TaskGridTable } from "@/components/analytics/TaskGridTable";
import { OutcomeChart } from "@/components/analytics/OutcomeChart";

export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

function toParams(sp: Search): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) p.append(k, x);
  return p;
}

export default async function AnalyticsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const parsed = parseFilter(toParams(await searchParams));
  const ctx = getContext();
  const options = filterOptions(ctx);
  if (!parsed.success) {
    return (
      <div className="error" data-testid="filter-error">
        Some filters in the address are not valid ({parsed.error.issues.map((i) => i.path.join(".")).join(", ")}). <Link href="/analytics">Clear the filters</Link>.
      </div>
    );
  }
  const filter = parsed.data;
  const { configs } = configAnalytics(ctx, filter);
  const header = (
    <>
      <h1>Analytics</h1>
      <p className="sub">What each harness change did to success, to how runs fail, and to latency on the phone. Trial and superseded runs are left out unless you include them.</p>
      <FilterBar filter={filter} options={options} />
    </>
  );
  if (!configs.length) {
    return (
      <>
        {header}
        <div className="panel empty" data-testid="analytics-empty">
          <h2>No scored runs match these filters</h2>
          <p className="muted">Widen the filters, or <Link href="/sessions/new">queue a session</Link> (or run the demo from the <Link href="/">Sessions</Link> page) and come back when runs arrive.</p>
        </div>
      </>
    );
  }
  const bars = passRateBars(
    configs.map((c) => ({
      configId: c.configId,
      series: { needsFiles: combineCounts([c.byGroup.files, c.byGroup.multi_step], wilson), noFiles: combineCounts([c.byGroup.no_files], wilson), heldOut: c.heldOut },
    })),
  );
  return (
    <>
      {header}
      <h2>Config comparison</h2>
      <p className="section-guide">Medians per run; pass counts with Wilson 95% intervals. Compare costs (start-up tokens, load, turn time) with what they bought.</p>
      <ConfigTable configs={configs} />

      <h2>Pass rate by task group</h2>
      <p className="section-guide">Bars are pass rates, whiskers Wilson 95% intervals: overlapping whiskers mean the difference may be chance.</p>
      <PassByGroupChart rows={bars} />

      <h2>Task grid</h2>
      <p className="section-guide">Runs passed out of runs for every task and config. Rows that are all 0/n or n/n show outcomes decided by the task, not by chance.</p>
      <TaskGridTable grid={taskGrid(ctx, filter)} />

      <h2>How runs ended</h2>
      <p className="section-guide">Outcome labels per config: a config can keep its pass rate and still fail differently (quitting vs. running out of context).</p>
      <OutcomeChart data={outcomeAnalytics(ctx, filter)} />
    </>
  );
}
