import Link from "next/link";
import { notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import { filterToParams } from "@/domain/analytics/filterParams";
import type { TtftPoints } from "@/domain/analytics/ttft";
import { buildLegend, fitCaption, sampleCaption, scatterSeries } from "@/domain/analytics/ttftChart";
import { fitSegment, splitRefs, xDomain } from "@/domain/analytics/ttftScatter";
import { toolCallRows } from "@/domain/analytics/toolCalls";
import { integer } from "@/domain/stats/format";
import { configAnalytics } from "@/server/analytics/configs";
import { ttftAnalytics } from "@/server/analytics/ttft";
import { ttftPoints } from "@/server/analytics/ttftPoints";
import { peakContextAnalytics } from "@/server/analytics/peakContext";
import { throttlingAnalytics } from "@/server/analytics/throttling";
import { ThrottlingPanel } from "@/components/analytics/ThrottlingPanel";
import { StateSplitPanel, CostTable } from "@/components/analytics/StatePanel";
import { stateAnalytics } from "@/server/analytics/states";
import { costAnalytics } from "@/server/analytics/cost";
import type { SearchParams } from "@/domain/analytics/searchParams";
import { analyticsPage } from "@/components/analytics/AnalyticsPage";
import { TtftScatter } from "@/components/analytics/TtftScatter";
import { LoadPredictionTable } from "@/components/analytics/LoadPredictionTable";
import { BuildFitsTable } from "@/components/analytics/BuildFitsTable";
import { PeakContextChart } from "@/components/analytics/PeakContextChart";
import { ToolCallsChart } from "@/components/analytics/ToolCallsChart";
import { UrlParamsForm } from "@/components/analytics/UrlParamsForm";
import { Ticks } from "@/components/suite/Ticks";
import { ServiceError } from "@/server/errors";
import { configUniverse } from "@/server/analytics/configUniverse";
import { configColors } from "@/components/analytics/configColors";

export const dynamic = "force-dynamic";

const POINTS: { id: TtftPoints; label: string }[] = [
  { id: "turns", label: "Every turn" },
  { id: "loads", label: "Model loads" },
  { id: "all", label: "Both" },
];
const X_LABEL: Record<TtftPoints, string> = {
  turns: "prompt tokens",
  loads: "start-up tokens",
  all: "prompt or start-up tokens",
};

const PAGE = {
  tab: "/analytics/latency",
  guide:
    "What each harness change costs in waiting time and context on the phone, and whether a build got slower per token.",
} as const;

export default async function LatencyPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return analyticsPage(searchParams, PAGE, async ({ ctx, sp, filter }) => {
    const points: TtftPoints = sp.points === "loads" || sp.points === "all" ? sp.points : "turns";
    const { configs } = await configAnalytics(ctx, filter);
    if (!configs.length) return null;

    const ttft = await ttftAnalytics(ctx, filter, points);
    const sample = await ttftPoints(ctx, filter, points);
    const series = scatterSeries(sample.data);
    const refs = ttft.configs
      .filter((c) => c.startupTokens !== null)
      .map((c) => ({ configId: c.configId, tokens: c.startupTokens! }));
    // The x-range fits the points; start-up markers beyond it are named under the chart instead.
    const domain = xDomain(sample.data.map((p) => p.x));
    const shownRefs = splitRefs(refs, domain);
    const line = fitSegment(ttft.fit, domain);
    // Load predictions, the contrast and build fits always come from the per-turn line, as in the
    // study: the contrast shown is `GET /api/analytics/ttft?a=&b=` (points=turns) for this filter.
    const pick = {
      a: typeof sp.a === "string" && sp.a ? sp.a : undefined,
      b: typeof sp.b === "string" && sp.b ? sp.b : undefined,
    };
    let perTurn: Awaited<ReturnType<typeof ttftAnalytics>>;
    let pickError: string | null = null;
    try {
      perTurn = await ttftAnalytics(ctx, filter, "turns", pick);
    } catch (err) {
      if (!(err instanceof ServiceError)) throw err;
      pickError = err.message;
      perTurn = await ttftAnalytics(ctx, filter, "turns");
    }
    const contrastIds = perTurn.configs
      .filter((c) => c.startupTokens !== null)
      .map((c): [string, string] => [c.configId, c.configId]);
    const peak = await peakContextAnalytics(ctx, filter);
    const colors = configColors(await configUniverse(ctx));
    const qs = (p: TtftPoints) => {
      const q = filterToParams(filter);
      if (p !== "turns") q.set("points", p);
      if (pick.a) q.set("a", pick.a);
      if (pick.b) q.set("b", pick.b);
      const s = q.toString();
      return s ? `/analytics/latency?${s}` : "/analytics/latency";
    };

    const hot = await throttlingAnalytics(ctx, filter);
    const states = await stateAnalytics(ctx, filter);
    const cost = await costAnalytics(ctx, filter);

    return (
      <>
        <ThrottlingPanel devices={hot.devices} />
        <Notices
          notices={states.warning ? [notice("mixedStates", states.warning)] : []}
          testId="state-mix-notices"
          itemTestId={() => "state-mix-notice"}
        />
        <h2>Time to first token against prompt length</h2>
        <p className="section-guide">
          Each dot is one turn; the black line is the least-squares fit over every point, dotted lines each
          config&apos;s median start-up tokens. A straight line means every token the harness adds costs a predictable
          wait; “Both” adds model loads, which reach the dotted lines.
        </p>
        <nav className="tabs" data-testid="ttft-points-toggle">
          {POINTS.map((p) => (
            <Link prefetch={false} key={p.id} href={qs(p.id)}>
              <button aria-pressed={p.id === points} tabIndex={-1}>
                {p.label}
              </button>
            </Link>
          ))}
        </nav>
        {sample.total === 0 ? (
          <p className="panel muted" data-testid="ttft-empty">
            No timed turns in this selection yet.
          </p>
        ) : (
          <>
            <TtftScatter
              series={series}
              line={line}
              refs={shownRefs.inside}
              xDomain={domain}
              builds={buildLegend(series)}
              xLabel={X_LABEL[points]}
              colors={colors}
            />
            {shownRefs.note && (
              <p className="muted latency-caption" data-testid="ttft-refs-note">
                {shownRefs.note}
              </p>
            )}
            <p className="latency-caption" data-testid="ttft-fit-caption">
              {fitCaption(ttft.fit, points)}
            </p>
            <p className="muted latency-caption" data-testid="ttft-sample-caption">
              Scatter: {sampleCaption(sample, points)}; the fit uses every point.
            </p>
          </>
        )}

        <div className="latency-tables">
          <div>
            <h3>Predicted vs measured load</h3>
            <p className="section-guide">
              Load predicted from start-up tokens by the per-turn line (slope × tokens + intercept) beside the measured
              median; differences between configs cancel the intercept.
            </p>
            <UrlParamsForm
              testId="contrast-pick"
              submitLabel="Contrast"
              values={{ a: pick.a ?? "", b: pick.b ?? "" }}
              fields={[
                {
                  name: "a",
                  label: "Contrast",
                  options: [["", "auto: most tokens"], ...contrastIds],
                  testId: "contrast-a",
                },
                {
                  name: "b",
                  label: "with",
                  options: [["", "auto: fewest tokens"], ...contrastIds],
                  testId: "contrast-b",
                },
              ]}
            />
            {pickError && (
              <p className="error" data-testid="contrast-error">
                <Ticks text={pickError} />
              </p>
            )}
            <LoadPredictionTable rows={perTurn.configs} contrast={perTurn.contrast} />
          </div>
          <div>
            <h3>Fits per build</h3>
            <p className="section-guide">
              One line per device and build; a build is flagged when its slope is significantly steeper than the
              previous build&apos;s on the same device (α = 0.05).
            </p>
            {perTurn.builds.length ? (
              <BuildFitsTable builds={perTurn.builds} />
            ) : (
              <p className="muted">No builds with timed turns.</p>
            )}
          </div>
        </div>
        <h3>Did a phone slow down during its session?</h3>
        <p className="section-guide">
          Per device and session, each run&apos;s decode rate (output tokens per second) and prefill rate (prompt tokens
          per second of time to first token) fitted against time: a fall of more than 10% with p &lt; 0.05 means the
          phone was probably heating up, and its later runs are slower for that reason, not the harness&apos;s.
        </p>
        <ThrottlingPanel devices={hot.devices} table />

        <h3>Latency by the phone&apos;s state</h3>
        <p className="section-guide">
          The same figures split by thermal state at the start of each run and by charging, with counts: a hot or
          charging phone is slower, so a selection that mixes states blends them.
        </p>
        <StateSplitPanel splits={states} />

        <h2>Cost per success</h2>
        <p className="section-guide">
          What one successful task costs each config on the phone: every run&apos;s load and turns (failures too)
          divided by the runs that passed.
        </p>
        <CostTable configs={cost.configs} note={cost.note} />

        <h2>Peak context on multi-step tasks</h2>
        <p className="section-guide">
          One mark per run: how much of the window the run used at its fullest. × marks runs that ended because the
          context was full; the dashed line is the window.
        </p>
        {peak.tasks.length === 0 ? (
          <p className="panel muted" data-testid="peak-context-empty">
            No multi-step task runs in this selection.
          </p>
        ) : (
          <>
            <PeakContextChart view={peak} colors={colors} />
            {peak.sampled && (
              <p className="muted" data-testid="peak-context-sampled">
                {sampleCaption(peak, "runs")}: a fixed sample of the selection, so the chart stays readable; the counts
                below are over every run.
              </p>
            )}
            <p className="legend" data-testid="peak-context-summary">
              {peak.summary.map((s) => (
                <span key={s.configId} data-testid={`ctx-full-${s.configId}`}>
                  <span className="mono">{s.configId}</span>: {s.contextFull} of {s.runs} runs context full, peak{" "}
                  {integer(s.maxPeak)}
                </span>
              ))}
            </p>
          </>
        )}

        <h2>Tool calls and turn time</h2>
        <p className="section-guide">
          Totals over the selected runs (compare configs with equal run counts) and the median time per turn: fewer
          failed calls usually means fewer, faster turns.
        </p>
        <ToolCallsChart rows={toolCallRows(configs)} />
      </>
    );
  });
}
