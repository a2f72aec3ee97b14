import Link from "next/link";
import type { CompareLists, TaskLine } from "@/domain/analytics/compare-view";
import type { PairFacts } from "@/domain/analytics/compare";
import { formatP, type FamilyRow } from "@/domain/analytics/family";
import { pointsInterval, signedPoints } from "@/domain/stats/format";
import type { BootstrapInterval } from "@/domain/stats/bootstrap";

/** Like-for-like warnings, shown above the numbers they qualify. */
export function CompareWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <div className="error compare-warning" data-testid="compare-warning" role="alert">
      <b>Not like for like.</b>
      <ul>
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

type Hrefs = { a: (taskId: string) => string; b: (taskId: string) => string };

/** A count that links to its runs when there is a link to give. */
function linked(href: string | undefined, text: string) {
  return href ? (
    <Link prefetch={false} href={href}>
      {text}
    </Link>
  ) : (
    text
  );
}

function List({
  title,
  lines,
  a,
  b,
  id,
  hrefs,
}: {
  title: string;
  lines: TaskLine[];
  a: string;
  b: string;
  id: string;
  hrefs?: Hrefs;
}) {
  return (
    <div className="panel" data-testid={`compare-${id}`}>
      <h3>
        {title}{" "}
        <span className="pill" data-testid={`compare-${id}-count`}>
          {lines.length}
        </span>
      </h3>
      {lines.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="compact">
          <thead>
            <tr>
              <th>Task</th>
              <th className="num" title={a}>
                a
              </th>
              <th className="num" title={b}>
                b
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.taskId} data-testid={`compare-task-${l.taskId}`}>
                <td className="mono">{l.taskId}</td>
                <td className="num">{linked(hrefs?.a(l.taskId), l.a)}</td>
                <td className="num">{linked(hrefs?.b(l.taskId), l.b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** View 9: what changed from side a to side b, task by task, with both tests. */
export function CompareResult({
  a,
  b,
  lists,
  signTestP,
  mcnemarP,
  pairs,
  bootstrap,
  hrefs,
}: {
  a: string;
  b: string;
  lists: CompareLists;
  signTestP: number;
  mcnemarP: number;
  pairs: PairFacts;
  bootstrap?: BootstrapInterval | null;
  hrefs?: Hrefs;
}) {
  return (
    <>
      <div className="panel stats" data-testid="compare-stats">
        {bootstrap ? (
          <div
            className="stat"
            title={`Resamples the ${bootstrap.tasks} tasks with replacement (all repeats of a task together), ${bootstrap.resamples.toLocaleString("en-US")} times, seed ${bootstrap.seed}: the interval is as wide as the number of tasks makes it.`}
          >
            <b data-testid="compare-bootstrap">
              {signedPoints(bootstrap.diff)} <small>{pointsInterval(bootstrap.ci)}</small>
            </b>
            <span>pass rate b − a, task bootstrap 95%</span>
          </div>
        ) : null}
        <div className="stat">
          <b data-testid="compare-sign-p">{formatP(signTestP)}</b>
          <span>sign test p (improved vs degraded tasks)</span>
        </div>
        <div className="stat">
          <b data-testid="compare-mcnemar-p">{formatP(mcnemarP)}</b>
          <span>McNemar p (paired runs)</span>
        </div>
        <div className="stat">
          <b data-testid="compare-pairs">
            {pairs.aOnly} / {pairs.bOnly}
          </b>
          <span>paired runs: only a passed / only b passed</span>
        </div>
        <div className="stat">
          <b>
            {pairs.both} / {pairs.neither}
          </b>
          <span>paired runs: both passed / neither</span>
        </div>
      </div>
      <div className="grid3">
        <List title="Improved (b better)" lines={lists.improved} a={a} b={b} id="improved" hrefs={hrefs} />
        <List title="Degraded (b worse)" lines={lists.degraded} a={a} b={b} id="degraded" hrefs={hrefs} />
        <List title="Unchanged" lines={lists.unchanged} a={a} b={b} id="unchanged" hrefs={hrefs} />
      </div>
    </>
  );
}

/** Several comparisons with raw and Benjamini–Hochberg adjusted p-values. */
export function FamilyTable({ rows }: { rows: FamilyRow[] }) {
  if (!rows.length)
    return (
      <p className="muted" data-testid="family-empty">
        Only one config in this selection: nothing to compare it with.
      </p>
    );
  return (
    <table className="compact" data-testid="family-table">
      <thead>
        <tr>
          <th>Reference</th>
          <th>Compared</th>
          <th className="num">Improved</th>
          <th className="num">Degraded</th>
          <th className="num">Unchanged</th>
          <th className="num">Sign p</th>
          <th className="num" title="Benjamini–Hochberg adjusted across the rows">
            Sign p (BH)
          </th>
          <th className="num" title="paired runs: only the reference passed / only the compared config passed">
            Discordant
          </th>
          <th className="num">McNemar p</th>
          <th className="num" title="Benjamini–Hochberg adjusted across the rows">
            McNemar p (BH)
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.a}-${r.b}`} data-testid={`family-${r.a}-${r.b}`}>
            <td className="mono">{r.a}</td>
            <td className="mono">{r.b}</td>
            <td className="num">{r.improved}</td>
            <td className="num">{r.degraded}</td>
            <td className="num">{r.unchanged}</td>
            <td className="num">{formatP(r.signTestP)}</td>
            <td className="num" data-testid="sign-bh">
              {formatP(r.signTestPAdjusted)}
            </td>
            <td className="num">
              {r.aOnly} / {r.bOnly}
            </td>
            <td className="num" data-testid="mcnemar-raw">
              {formatP(r.mcnemarP)}
            </td>
            <td className="num" data-testid="mcnemar-bh">
              {formatP(r.mcnemarPAdjusted)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
