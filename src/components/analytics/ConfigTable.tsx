import Link from "next/link";
import type { ConfigSummary, PassCount, RepeatsAware } from "@/domain/analytics/configs";
import { runsHref } from "@/domain/analytics/links";
import { duration, integer, percent, percentInterval } from "@/domain/stats/format";
import { repeatsHover } from "@/domain/analytics/repeats-view";
import { TASK_GROUP_SERIES, taskGroupCounts } from "@/domain/analytics/taskGroups";
import { wilson } from "@/domain/stats/wilson";
import { ConfigId } from "../ConfigId";

function Pass({ c, href }: { c: (PassCount & Partial<RepeatsAware>) | undefined; href: string }) {
  if (!c || !c.runs) return <span className="muted">–</span>;
  const eff =
    c.tasks === undefined
      ? ""
      : ` ${repeatsHover({ tasks: c.tasks, icc: c.icc ?? null, designEffect: c.designEffect ?? null, effectiveN: c.effectiveN ?? null, wilsonEffective: c.wilsonEffective ?? null, runs: c.runs })}`;
  return (
    <span title={`Wilson 95% over runs: ${percentInterval(c.wilson)}.${eff}`}>
      <Link prefetch={false} href={href}>
        {c.passed}/{c.runs}
      </Link>
      <span className="sub2">{percentInterval(c.wilson)}</span>
    </span>
  );
}

/**
 * View 1: one row per config, what it bought (the study's Tables 4–6), then what it cost. Two tables
 * of ten columns each rather than one of nineteen: both fit 1024 px without a sideways scroller (issue 34.3).
 */
export function ConfigTable({ configs, filterQuery }: { configs: ConfigSummary[]; filterQuery: string }) {
  const runs = (extra: Record<string, string>) => runsHref(filterQuery, extra);
  return (
    <>
      <table className="compact wrap-heads" data-testid="config-comparison">
        <thead>
          <tr>
            <th>Config</th>
            <th className="num">Passed</th>
            <th className="num" title="tasks with runs: the clusters the repeats are grouped in">
              Tasks
            </th>
            <th
              className="num"
              title="effective sample size: runs ÷ design effect, where the design effect 1 + (repeats − 1) × ICC says how much repeats of one task agree"
            >
              Eff. n
            </th>
            <th className="nowrap" title="Wilson 95% interval treating every run as independent">
              Wilson (runs)
            </th>
            <th
              className="nowrap"
              title="Wilson 95% interval on the effective n: as wide as the number of distinct tasks makes it"
            >
              Wilson (eff. n)
            </th>
            {TASK_GROUP_SERIES.map((s) => (
              <th key={s.key} title={s.label} data-testid={`group-head-${s.key}`}>
                {s.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {configs.map((c) => (
            <tr key={c.configId} data-testid={`cmp-${c.configId}`}>
              <td className="mono">
                <ConfigId id={c.configId} />
              </td>
              <td className="num" data-testid="passed">
                <Link prefetch={false} href={runs({ config: c.configId })}>
                  {c.passed}/{c.runs}
                </Link>
                <span className="sub2">{percent(c.passRate)}</span>
              </td>
              <td className="num" data-testid="tasks">
                {c.tasks}
              </td>
              <td className="num" data-testid="effective-n" title={repeatsHover(c)}>
                {c.effectiveN === null ? "–" : c.effectiveN.toFixed(1)}
              </td>
              <td className="nowrap" data-testid="wilson">
                {percentInterval(c.wilson)}
              </td>
              <td className="nowrap" data-testid="wilson-effective" title={repeatsHover(c)}>
                {percentInterval(c.wilsonEffective)}
              </td>
              {TASK_GROUP_SERIES.map((s) => {
                // The chart's groups (taskGroups.ts); a one-group series keeps its repeats-aware hover and its runs link.
                const single = s.groups?.length === 1 ? s.groups[0] : null;
                const counts = single ? c.byGroup[single] : taskGroupCounts(c.byGroup, c.heldOut, wilson)[s.key];
                return (
                  <td key={s.key} className="nowrap" data-testid={`group-${s.key}`}>
                    <Pass
                      c={counts}
                      href={runs(single ? { config: c.configId, group: single } : { config: c.configId })}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="table-title">What each config cost</h3>
      <table className="compact wrap-heads" data-testid="config-costs">
        <thead>
          <tr>
            <th>Config</th>
            <th className="num" title="median start-up tokens (system prompt + tools)">
              Start-up
            </th>
            <th className="num" title="median model load">
              Load
            </th>
            <th className="num" title="median time to first token, first turn">
              TTFT
            </th>
            <th className="num" title="median turn time (TTFT + decode)">
              Turn
            </th>
            <th className="num" title="tool calls, total">
              Calls
            </th>
            <th className="num" title="failed tool calls, total">
              Failed
            </th>
            <th className="num" title="runs that looped">
              Loops
            </th>
            <th className="num" title="runs that ended with the context window full">
              Ctx full
            </th>
            <th className="num" title="highest context reached in any run">
              Peak ctx
            </th>
          </tr>
        </thead>
        <tbody>
          {configs.map((c) => (
            <tr key={c.configId} data-testid={`cost-${c.configId}`}>
              <td className="mono">
                <ConfigId id={c.configId} />
              </td>
              <td className="num">{integer(c.medianStartupTokens)}</td>
              <td className="num">{duration(c.medianLoadMs)}</td>
              <td className="num">{duration(c.medianTtftMs)}</td>
              <td className="num">{duration(c.medianTurnMs)}</td>
              <td className="num">{integer(c.toolCalls)}</td>
              <td className="num">{integer(c.failedToolCalls)}</td>
              <td className="num">
                {c.looping ? (
                  <Link prefetch={false} href={runs({ config: c.configId, looping: "true" })}>
                    {c.looping}
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td className="num">
                {c.contextFull ? (
                  <Link prefetch={false} href={runs({ config: c.configId, outcome: "context_full" })}>
                    {c.contextFull}
                  </Link>
                ) : (
                  0
                )}
              </td>
              <td className="num">{integer(c.peakContextTokens)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
