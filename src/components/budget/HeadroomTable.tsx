import Link from "next/link";
import type { budget, ResponseBody } from "@/contracts";
import { bandPositions, type Quantiles } from "@/domain/budget/headroom";
import { integer } from "@/domain/stats/format";

type Headroom = ResponseBody<typeof budget.headroom, 200>;
type Row = Headroom["configs"][number];
type OverRun = Headroom["overflowedRuns"][number];

/** p10–p90 whisker, quartile box and median tick on a 0..window axis. Draws only. */
function Band({ q, window, testId }: { q: Quantiles; window: number; testId: string }) {
  const b = bandPositions(q, window);
  return (
    <div
      className="hr-band"
      data-testid={testId}
      title={`p10 ${q[10]}, p25 ${q[25]}, median ${q[50]}, p75 ${q[75]}, p90 ${q[90]} tokens left`}
    >
      <span className="hr-whisker" style={{ left: `${b.whiskerFrom}%`, width: `${b.whiskerTo - b.whiskerFrom}%` }} />
      <span className="hr-box" style={{ left: `${b.boxFrom}%`, width: `${Math.max(0.5, b.boxTo - b.boxFrom)}%` }} />
      <span className="hr-median" style={{ left: `${b.median}%` }} />
    </div>
  );
}

const spread = (q: Quantiles) =>
  `${integer(q[0])} · ${integer(q[25])} · ${integer(q[50])} · ${integer(q[75])} · ${integer(q[100])}`;

/** Tokens left per run after start-up and at the run's fullest point, per config, and the runs that overflowed. */
export function HeadroomTable({ rows, overflowed }: { rows: Row[]; overflowed: OverRun[] }) {
  return (
    <div>
      <table className="compact headroom" data-testid="headroom-table">
        <thead>
          <tr>
            <th>Config</th>
            <th className="num">Runs</th>
            <th>
              Left after start-up <span className="hint">min · p25 · median · p75 · max</span>
            </th>
            <th>Left at peak context</th>
            <th className="num">Overflowed</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.configId} data-testid={`headroom-${r.configId}`}>
              <td className="mono">{r.configId}</td>
              <td className="num">{r.runs}</td>
              <td>
                <Band q={r.afterStartup} window={r.contextWindow} testId="headroom-startup-band" />
                <span className="hint mono">{spread(r.afterStartup)}</span>
              </td>
              <td>
                <Band q={r.atPeak} window={r.contextWindow} testId="headroom-peak-band" />
                <span className="hint mono">{spread(r.atPeak)}</span>
              </td>
              <td className="num" data-testid="headroom-overflowed">
                {r.overflowed ? <b className="fail-text">{r.overflowed}</b> : "0"}{" "}
                <span className="hint">of {r.runs}</span>
                {r.runsHref ? (
                  <>
                    <br />
                    <Link prefetch={false} href={r.runsHref} data-testid="headroom-runs-link">
                      {r.contextFull} context full →
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {overflowed.length > 0 && (
        <ul className="muted hr-over" data-testid="headroom-overflowed-runs">
          {rows
            .filter((r) => r.overflowed)
            .map((r) => (
              <li key={r.configId}>
                <span className="mono">{r.configId}</span>, latest overflowed runs:{" "}
                {overflowed
                  .filter((o) => o.configId === r.configId)
                  .map((o, i) => (
                    <span key={o.runId}>
                      {i ? ", " : ""}
                      <Link prefetch={false} href={`/runs/${o.runId}`} className="mono" data-testid="headroom-run-link">
                        {o.taskId}
                      </Link>
                      {o.outcome === "context_full" ? null : (
                        <span className="hint">
                          {" "}
                          (peak {integer(o.peak)} of {integer(o.win)})
                        </span>
                      )}
                    </span>
                  ))}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
