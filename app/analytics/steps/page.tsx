import { getContext } from "@/server/context";
import { stepAnalytics } from "@/server/analytics/steps";
import { parsePicks, stepCostRows } from "@/domain/analytics/steps";
import { duration, integer, percent, percentInterval } from "@/domain/stats/format";
import {
  AnalyticsHeader,
  FilterError,
  NoRuns,
  readPageFilter,
  toUrlParams,
  type SearchParams,
} from "@/components/analytics/AnalyticsHeader";
import { PassByGroupChart } from "@/components/analytics/PassByGroupChart";
import { StepCostChart } from "@/components/analytics/StepCostChart";
import { StepPicker } from "@/components/analytics/StepPicker";
import type { PassCount } from "@/domain/analytics/configs";

export const dynamic = "force-dynamic";

function Pass({ c, testId }: { c: PassCount; testId?: string }) {
  if (!c.runs) return <span className="muted">–</span>;
  return (
    <span data-testid={testId}>
      {c.passed}/{c.runs}
      <span className="sub2">
        {percent(c.passed / c.runs)} ({percentInterval(c.wilson)})
      </span>
    </span>
  );
}

export default async function StepsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const parsed = readPageFilter(sp);
  if (!parsed.success)
    return <FilterError fields={parsed.error.issues.map((i) => i.path.join("."))} href="/analytics/steps" />;
  const ctx = getContext();
  const filter = parsed.data;
  const header = (
    <AnalyticsHeader
      ctx={ctx}
      tab="/analytics/steps"
      filter={filter}
      guide="Sessions read as ablation steps, in the order you tick them in the filter (all sessions oldest first when none is ticked): what each step's main config bought and cost."
    />
  );
  const { steps, missing, bars } = stepAnalytics(ctx, filter, parsePicks(toUrlParams(sp).getAll("pick")));
  if (!steps.length)
    return (
      <>
        {header}
        <NoRuns />
      </>
    );
  return (
    <>
      {header}
      <h2>Steps</h2>
      <p className="section-guide">
        One row per session in order; its main config is the one with most runs unless you pick another. Pass counts
        with Wilson 95% intervals.
      </p>
      {missing.length > 0 && (
        <p className="notice" data-testid="steps-missing">
          {missing.length} selected session{missing.length > 1 ? "s have" : " has"} no runs matching the filters and{" "}
          {missing.length > 1 ? "are" : "is"} left out.
        </p>
      )}
      <table className="compact" data-testid="steps-table">
        <thead>
          <tr>
            <th>Step</th>
            <th>Session</th>
            <th>Main config</th>
            <th className="num">Passed</th>
            <th>Tasks that need files</th>
            <th>No files</th>
            <th>Held out</th>
            <th className="num" title="median start-up tokens">
              Start-up
            </th>
            <th className="num" title="median model load">
              Load
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s) => (
            <tr key={s.sessionId} data-testid={`step-${s.index}`}>
              <td className="num">{s.index}</td>
              <td>{s.sessionName}</td>
              <td>
                {s.options.length > 1 ? (
                  <StepPicker sessionId={s.sessionId} configId={s.configId} options={s.options} />
                ) : (
                  <span className="mono">{s.configId}</span>
                )}
              </td>
              <td className="num">
                <Pass c={s.all} testId="step-passed" />
              </td>
              <td className="nowrap">
                <Pass c={s.needsFiles} testId="step-needs-files" />
              </td>
              <td className="nowrap">
                <Pass c={s.noFiles} testId="step-no-files" />
              </td>
              <td className="nowrap">
                <Pass c={s.heldOut} />
              </td>
              <td className="num" data-testid="step-startup">
                {integer(s.medianStartupTokens)}
              </td>
              <td className="num" data-testid="step-load">
                {duration(s.medianLoadMs)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Pass rate per step</h2>
      <p className="section-guide">
        Bars are pass rates, whiskers Wilson 95% intervals: a step helped only if its whiskers clear the previous
        step&apos;s.
      </p>
      <PassByGroupChart rows={bars} />

      <h2>What each step cost</h2>
      <p className="section-guide">
        Start-up tokens (system prompt + tools) and median model load per step: the price of each added component before
        the first token.
      </p>
      <StepCostChart rows={stepCostRows(steps)} />
    </>
  );
}
