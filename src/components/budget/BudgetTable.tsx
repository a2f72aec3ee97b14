import Link from "next/link";
import type { LoadContrast } from "@/domain/analytics/loadContrast";
import type { BudgetRow } from "@/domain/budget/table";
import { LoadContrastLine } from "@/components/analytics/LoadContrastLine";
import { signedDuration } from "@/domain/analytics/loadPrediction";
import { signedTokens } from "@/domain/budget/draft";
import { duration, integer, percent } from "@/domain/stats/format";

/** "± 12 ms": half the 95% interval, which is symmetric around the prediction. */
const pm = (ci: [number, number]) => `± ${duration((ci[1] - ci[0]) / 2)}`;

/** Per config: tokenizer count beside the phones' median, predicted beside measured load, window left. */
export function BudgetTable({
  rows,
  contrast,
  editHref,
}: {
  rows: BudgetRow[];
  contrast: LoadContrast | null;
  editHref: (configId: string) => string;
}) {
  return (
    <div>
      <table className="compact" data-testid="budget-table">
        <thead>
          <tr>
            <th>Config</th>
            <th className="num" title="system prompt + tool definitions, rendered with Gemma's chat template">
              Counted
            </th>
            <th className="num" title="median load.startupTokens over this suite's runs">
              Measured
            </th>
            <th className="num" title="measured − counted">
              Diff
            </th>
            <th className="num" title="intercept + slope × counted tokens, with the 95% interval of the mean">
              Predicted load
            </th>
            <th className="num">Measured load</th>
            <th className="num" title="measured − predicted">
              Diff
            </th>
            <th className="num" title="context window − counted tokens">
              Window left
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.configId} data-testid={`budget-row-${r.configId}`}>
              <td className="mono">
                {r.configId} <span className="muted">v{r.version}</span>{" "}
                <Link prefetch={false} href={editHref(r.configId)} className="hint" data-testid="budget-edit">
                  edit
                </Link>
              </td>
              <td className="num" data-testid="budget-counted">
                {integer(r.tokens)}
                {r.method === "estimate" ? <span className="hint"> est.</span> : null}
              </td>
              <td className="num">
                {integer(r.measuredStartupTokens)} <span className="hint">{r.runs ? `n=${r.runs}` : "no runs"}</span>
              </td>
              <td className="num">{r.tokenDifference === null ? "–" : signedTokens(r.tokenDifference)}</td>
              <td className="num" data-testid="budget-predicted">
                {duration(r.predicted?.ms ?? null)}
                {r.predicted ? <span className="hint"> {pm(r.predicted.ci)}</span> : null}
              </td>
              <td className="num">{duration(r.measuredLoadMs)}</td>
              <td className="num">{signedDuration(r.loadDifferenceMs)}</td>
              <td className="num">
                {integer(r.windowLeft.tokens)} <span className="hint">{percent(r.windowLeft.share)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {contrast && <LoadContrastLine contrast={contrast} tokens="counted" testId="budget-contrast" />}
    </div>
  );
}
