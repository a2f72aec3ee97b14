import { stepAnalytics } from "@/server/analytics/steps";
import { notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import { parseSteps, stepCostRows, stepKey } from "@/domain/analytics/steps";
import { duration, integer, percent, percentInterval } from "@/domain/stats/format";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
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
        {percent(c.passed / c.runs)} <span>({percentInterval(c.wilson)})</span>
      </span>
    </span>
  );
}

// `pick` is the former name of `step` (GET /api/analytics/steps reads both the same way).
const stepPicks = (p: URLSearchParams) => parseSteps(p.getAll("step").length ? p.getAll("step") : p.getAll("pick"));

const PAGE = {
  tab: "/analytics/steps",
  guide:
    "Ablation steps: each step is one config's runs in one session, in the order you set. What each step bought and cost.",
  sides: (p: URLSearchParams) => stepPicks(p).map((s) => s.sessionId),
} as const;

export default async function StepsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, params, filter }) => {
    const picks = stepPicks(params);
    const { steps, missing, bars, pairs } = await stepAnalytics(ctx, filter, picks);
    if (!steps.length) return null;
    return (
      <>
        <h2>Steps</h2>
        <p className="section-guide" data-testid="steps-guide">
          {picks.length
            ? "The steps you picked, in order; change, add or remove them below (they live in the address)."
            : "Suggested steps: one per config of the selected sessions, each from the session with the most runs of it (ties: the newest). Change, add or remove them below."}{" "}
          Pass counts with Wilson 95% intervals.
        </p>
        <Notices
          notices={
            missing.length
              ? [
                  notice(
                    "stepsMissing",
                    `${missing.length === 1 ? "A step names" : `${missing.length} steps name`} a session and config with no runs matching the filters (${missing.join(", ")}) and ${missing.length === 1 ? "is" : "are"} left out: pick another pair for ${missing.length === 1 ? "it" : "them"}.`,
                  ),
                ]
              : []
          }
          testId="steps-notices"
          itemTestId={() => "steps-missing"}
        />
        <div className="table-scroll">
          <table className="compact steps-table wrap-heads" data-testid="steps-table">
            <thead>
              <tr>
                <th>Step</th>
                <th>Session</th>
                <th>Config (pick any session’s)</th>
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
                <tr key={stepKey(s)} data-testid={`step-${s.index}`}>
                  <td className="num">{s.index}</td>
                  <td data-testid="step-session">{s.sessionName}</td>
                  <td>
                    <StepPicker index={s.index - 1} steps={steps.map(stepKey)} pairs={pairs} />
                  </td>
                  <td className="num">
                    <Pass c={s.all} testId="step-passed" />
                  </td>
                  <td>
                    <Pass c={s.needsFiles} testId="step-needs-files" />
                  </td>
                  <td>
                    <Pass c={s.noFiles} testId="step-no-files" />
                  </td>
                  <td>
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
        </div>
        <StepPicker index={steps.length} steps={steps.map(stepKey)} pairs={pairs} />

        <h2>Pass rate per step</h2>
        <p className="section-guide">
          Bars are pass rates, whiskers Wilson 95% intervals: a step helped only if its whiskers clear the previous
          step&apos;s.
        </p>
        <PassByGroupChart rows={bars} />

        <h2>What each step cost</h2>
        <p className="section-guide">
          Start-up tokens (system prompt + tools) and median model load per step: the price of each added component
          before the first token.
        </p>
        <StepCostChart rows={stepCostRows(steps)} />
      </>
    );
  });
}
