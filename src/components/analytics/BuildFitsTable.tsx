import type { BuildFit } from "@/domain/analytics/ttft";
import { changeText, ciText, perThousand, r2Text, regressionWarnings, slopeChange } from "@/domain/analytics/ttftChart";
import { integer } from "@/domain/stats/format";

/** One TTFT fit per device × build, with a warning sentence for each significant slowdown. */
export function BuildFitsTable({ builds }: { builds: BuildFit[] }) {
  const warnings = regressionWarnings(builds);
  return (
    <div style={{ overflowX: "auto" }}>
      {warnings.map((w) => (
        <p key={w} className="error" data-testid="ttft-regression">
          {w}
        </p>
      ))}
      <table className="compact" data-testid="build-fits">
        <thead>
          <tr>
            <th>Device</th>
            <th>Build</th>
            <th className="num">n</th>
            <th className="num">Slope / 1,000 tokens</th>
            <th>95% CI</th>
            <th className="num">R²</th>
            <th>Vs previous build</th>
          </tr>
        </thead>
        <tbody>
          {builds.map((b) => (
            <tr key={`${b.device}/${b.build}`} data-testid="build-fit-row">
              <td title={b.device}>{b.deviceLabel ?? b.device}</td>
              <td className="mono">{b.build}</td>
              <td className="num">{integer(b.fit?.n)}</td>
              <td className="num">{b.fit ? perThousand(b.fit.slopeMsPerToken) : "–"}</td>
              <td className="nowrap">{b.fit ? ciText(b.fit.slopeCi) : "–"}</td>
              <td className="num">{b.fit ? r2Text(b.fit.r2) : "–"}</td>
              <td>
                {b.vsPrevious ? (
                  <span
                    className={b.vsPrevious.regression ? "pill fail" : "pill"}
                    title={`Relative change with its 95% interval, standard errors clustered by run; a regression only when the whole interval is above the ${Math.round(b.vsPrevious.margin * 100)}% margin.`}
                  >
                    {slopeChange(b.vsPrevious.diffMsPerToken)} vs {b.vsPrevious.build},{" "}
                    {changeText(b.vsPrevious.change, b.vsPrevious.ci)}
                  </span>
                ) : (
                  <span className="muted">first build</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
