import Link from "next/link";
import type { SessionComparisons as Comparisons } from "@/domain/sessions/comparisons";
import { formatP } from "@/domain/analytics/family";
import { signedPoints } from "@/domain/stats/format";
import { isPlanned, type Plan } from "@/domain/study/plan";

/**
 * The session page's configs compared with the task as the unit: each config against the first,
 * or a calibration session's two arms (where any "significant" row is a false positive). Draws
 * only: src/domain/sessions/comparisons.ts computes every number.
 */
export function SessionComparisons({
  c,
  sessionId,
  plan = null,
}: {
  c: Comparisons;
  sessionId: string;
  /** Issue 36.3: rows outside the pre-registered plan are labelled exploratory. */
  plan?: Plan | null;
}) {
  if (!c.rows.length) return null;
  const compareHref = (a: string, b: string) =>
    `/analytics/compare?session=${encodeURIComponent(sessionId)}&a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}&includeTrial=1`;
  return (
    <div className="panel" style={{ marginTop: 16 }} data-testid="session-comparisons">
      <h3>{c.kind === "arms" ? "A/A: arm 2 against arm 1" : `Each config against ${c.rows[0].a}`}</h3>
      <p className="section-guide" data-testid="session-method">
        {c.method}
        {c.kind === "arms"
          ? " Both arms run the same config, so a small p here is a false positive: it is this phone's noise."
          : ""}
      </p>
      <table className="compact" data-testid="session-comparison-table">
        <thead>
          <tr>
            <th>a</th>
            <th>b</th>
            <th className="num">Tasks</th>
            <th className="num">Better / worse</th>
            <th className="num">b − a per task</th>
            <th className="num">p</th>
            <th className="num" title="Benjamini–Hochberg adjusted across the rows">
              p (BH)
            </th>
          </tr>
        </thead>
        <tbody>
          {c.rows.map((r) => (
            <tr key={`${r.a}-${r.b}`} data-testid="session-comparison-row">
              <td className="mono">
                {r.a}
                {c.kind === "configs" && plan && (
                  <>
                    {" "}
                    {isPlanned(plan, r) ? (
                      <span className="pill" title="The pre-registered comparison" data-testid="row-planned">
                        planned
                      </span>
                    ) : (
                      <span
                        className="pill warn"
                        title="Not the plan's pair: read it as exploratory"
                        data-testid="row-exploratory"
                      >
                        exploratory
                      </span>
                    )}
                  </>
                )}
              </td>
              <td className="mono">
                {c.kind === "configs" ? (
                  <Link prefetch={false} href={compareHref(r.a, r.b)}>
                    {r.b}
                  </Link>
                ) : (
                  r.b
                )}
              </td>
              <td className="num">{r.tasks}</td>
              <td className="num">
                {r.improved} / {r.degraded}
              </td>
              <td className="num">{signedPoints(r.difference)}</td>
              <td className="num">{formatP(r.permutationP)}</td>
              <td className="num">{formatP(r.permutationPAdjusted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{c.calibration}</p>
    </div>
  );
}
