import { filterToParams } from "@/domain/analytics/filterParams";
import { runsHref, sideBySideHref } from "@/domain/analytics/links";
import { compareAnalytics } from "@/server/analytics/compare";
import { compareFamily, selectionConfigs } from "@/server/analytics/family";
import { filterOptions } from "@/server/analytics/filterOptions";
import { compareLists, defaultSides, sideLabel } from "@/domain/analytics/compare-view";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
import { CompareResult, CompareWarnings, FamilyTable } from "@/components/analytics/CompareResult";
import { UrlParamsForm } from "@/components/analytics/UrlParamsForm";
import { TrajectoryDiff, TransitionTable } from "@/components/analytics/TrajectoryDiff";
import { trajectoryAnalytics, transitionAnalytics } from "@/server/analytics/transitions";
import type { Side } from "@/server/analytics/sides";
import type { Ctx } from "@/server/context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { planStanding } from "@/domain/study/plan";
import { sessionPlans } from "@/server/sessions/sessionPlans";
import { PlanStandingNote } from "@/components/sessions/PlanStandingNote";

export const dynamic = "force-dynamic";

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

const PAGE = {
  tab: "/analytics/compare",
  guide:
    "Task-by-task comparison of two configs, or of one config in two sessions, with tests that say whether the difference could be chance.",
  // A side that names a session reads it: it joins the selection.
  sides: (p: URLSearchParams) => ["aSession", "bSession"].map((k) => p.get(k) || undefined),
} as const;

export default async function ComparePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, sp, filter }) => {
    const configs = await selectionConfigs(ctx, filter);
    const sides = defaultSides(configs, one(sp.a), one(sp.b));
    if (!sides) return null;
    const aSession = one(sp.aSession);
    const bSession = one(sp.bSession);
    const mode = one(sp.mode) === "consecutive" ? "consecutive" : "baseline";
    // A side's runs: the page's filter, narrowed to that side's session when it has one.
    const filterQuery = (session?: string) =>
      filterToParams(session ? { ...filter, sessions: [session] } : filter).toString();
    const result = await compareAnalytics(
      ctx,
      filter,
      { config: sides.a, session: aSession },
      { config: sides.b, session: bSession },
    );
    const family = await compareFamily(ctx, filter, mode, one(sp.baseline), configs);
    const configOpts = configs.map((c): [string, string] => [c, c]);
    const sessions = (await filterOptions(ctx)).sessions;
    const sessionOpts: [string, string][] = [
      ["", "any selected session"],
      ...sessions.map((s): [string, string] => [s.id, s.name]),
    ];
    const noOverlap = !result.tasks.length;
    // Issue 36.3: against the selected sessions' pre-registered plans, is this comparison one of them?
    const only = filter.sessions.length === 1 ? filter.sessions[0] : "the selection";
    const standing = planStanding(
      await sessionPlans(ctx, [...filter.sessions, ...[aSession, bSession].filter((x): x is string => !!x)]),
      { session: aSession ?? only, config: sides.a },
      { session: bSession ?? only, config: sides.b },
    );

    return (
      <>
        <h2>Two sides</h2>
        <p className="section-guide">
          b against a: a task improved when b passed a larger share of its runs. Every test here counts each task once
          (repeats of a task are not independent): the permutation test flips the sign of each task&apos;s difference,
          the sign test counts improved vs degraded tasks, McNemar pairs each task&apos;s majority verdict.
        </p>
        <UrlParamsForm
          testId="compare-form"
          submitLabel="Compare"
          values={{ a: sides.a, aSession: aSession ?? "", b: sides.b, bSession: bSession ?? "" }}
          fields={[
            { name: "a", label: "a (reference)", options: configOpts, testId: "compare-a" },
            { name: "aSession", label: "a's session", options: sessionOpts, testId: "compare-a-session" },
            { name: "b", label: "b", options: configOpts, testId: "compare-b" },
            { name: "bSession", label: "b's session", options: sessionOpts, testId: "compare-b-session" },
          ]}
        />
        <p className="compare-sides" data-testid="compare-sides">
          <b>a</b> = {sideLabel(sides.a, aSession, sessions)} · <b>b</b> = {sideLabel(sides.b, bSession, sessions)}
        </p>
        <PlanStandingNote standing={standing} />
        <CompareWarnings notices={result.notices} />
        {noOverlap ? (
          <div className="panel empty" data-testid="compare-empty">
            <p className="muted">
              The two sides share no task with runs in this selection: pick other configs or sessions.
            </p>
          </div>
        ) : (
          <CompareResult
            a={sides.a}
            b={sides.b}
            lists={compareLists(result, result.tasks)}
            result={result}
            aaHref={`/sessions/new?calibration=1&config=${encodeURIComponent(sides.a)}`}
            bootstrap={result.bootstrap}
            hrefs={{
              a: (taskId) => runsHref(filterQuery(aSession), { task: taskId, config: sides.a }),
              b: (taskId) => runsHref(filterQuery(bSession), { task: taskId, config: sides.b }),
              pair: (taskId) =>
                sideBySideHref(filterQuery(), { task: taskId, a: sides.a, b: sides.b, aSession, bSession }),
            }}
          />
        )}

        {noOverlap ? null : (
          <PairDetails
            ctx={ctx}
            filter={filter}
            a={{ config: sides.a, session: aSession }}
            b={{ config: sides.b, session: bSession }}
            result={result}
            wanted={one(sp.diffTask)}
          />
        )}

        <h2>Several pairs</h2>
        <p className="section-guide">
          Each row is one comparison. Testing many pairs finds some &quot;significant&quot; by chance; read the
          Benjamini–Hochberg columns, which keep the false discovery rate at the level you compare them with (e.g.
          0.05).
        </p>
        <UrlParamsForm
          testId="family-form"
          submitLabel="Show"
          values={{ mode, baseline: family.baseline ?? configs[0] }}
          fields={[
            {
              name: "mode",
              label: "Pairs",
              options: [
                ["baseline", "each config vs a baseline"],
                ["consecutive", "each config vs the one before"],
              ],
              testId: "family-mode",
            },
            { name: "baseline", label: "Baseline", options: configOpts, testId: "family-baseline" },
          ]}
        />
        <FamilyTable rows={family.rows} />
      </>
    );
  });
}

/** The outcome transitions and the trajectory diff of one task, for two sides that share tasks. */
async function PairDetails({
  ctx,
  filter,
  a,
  b,
  result,
  wanted,
}: {
  ctx: Ctx;
  filter: AnalyticsFilter;
  a: Side;
  b: Side;
  result: { tasks: { taskId: string }[]; degraded: string[]; improved: string[] };
  wanted?: string;
}) {
  const transitions = await transitionAnalytics(ctx, filter, a, b);
  // The task to diff: the one in the address, else the first degraded task, else the first shared one.
  const taskIds = result.tasks.map((t) => t.taskId);
  const task = wanted && taskIds.includes(wanted) ? wanted : (result.degraded[0] ?? result.improved[0] ?? taskIds[0]);
  const diff = (await trajectoryAnalytics(ctx, filter, a, b, task)).tasks[0];
  return (
    <>
      <h2>How runs ended, a against b</h2>
      <p className="section-guide">
        Runs paired by task and repeat: each row is how a run ended under a, each column how its partner ended under b.
        Off the diagonal, the same task ended differently (e.g. finished under a, hit the tool limit under b).
      </p>
      <TransitionTable m={transitions} a={a.config} b={b.config} />
      <h2>Trajectory diff</h2>
      <p className="section-guide">
        For one task, the call path most runs of each config followed (abstracted as in the failure-pattern table), the
        first step where they differ, and how the runs on each path ended.
      </p>
      {/* Not `task`: that is the shared filter's, and would narrow the whole page to one task. */}
      <UrlParamsForm
        testId="trajectory-form"
        submitLabel="Show"
        values={{ diffTask: task }}
        fields={[
          {
            name: "diffTask",
            label: "Task",
            options: taskIds.map((t): [string, string] => [t, t]),
            testId: "trajectory-task",
          },
        ]}
      />
      {diff ? (
        <TrajectoryDiff
          t={diff}
          a={a.config}
          b={b.config}
          sideBySideHref={sideBySideHref(filterToParams(filter).toString(), {
            task: diff.taskId,
            a: a.config,
            b: b.config,
            aSession: a.session,
            bSession: b.session,
          })}
        />
      ) : (
        <p className="muted">No runs of this task on both sides.</p>
      )}
    </>
  );
}
