import type { LoadContrast } from "@/domain/analytics/loadContrast";
import type { LoadRow } from "@/domain/analytics/loadPrediction";
import { LoadContrastLine } from "./LoadContrastLine";
import { loadTable, signedDuration as signed } from "@/domain/analytics/loadPrediction";
import { duration, integer } from "@/domain/stats/format";

/** Each config's load predicted from its start-up tokens by the fit, beside the measured median. */
export function LoadPredictionTable({ rows, contrast }: { rows: LoadRow[]; contrast: LoadContrast | null }) {
  return (
    <div>
      <table className="compact" data-testid="load-prediction">
        <thead>
          <tr>
            <th>Config</th>
            <th className="num" title="median start-up tokens">
              Start-up
            </th>
            <th className="num">Predicted load</th>
            <th className="num">Measured load</th>
            <th className="num" title="measured − predicted">
              Difference
            </th>
          </tr>
        </thead>
        <tbody>
          {loadTable(rows).map((r) => (
            <tr key={r.configId} data-testid={`load-${r.configId}`}>
              <td className="mono">{r.configId}</td>
              <td className="num">{integer(r.startupTokens)}</td>
              <td className="num">{duration(r.predictedLoadMs)}</td>
              <td className="num">{duration(r.measuredLoadMs)}</td>
              <td className="num">{signed(r.differenceMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {contrast && <LoadContrastLine contrast={contrast} tokens="median" testId="load-contrast" />}
    </div>
  );
}
