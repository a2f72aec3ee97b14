import Link from "next/link";
import type { Notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import type { CompareLists, TaskLine } from "@/domain/analytics/compare-view";
import { permutationWords, type Comparison } from "@/domain/analytics/compare";
import { nullRejectionSentence } from "@/domain/stats/null-calibration";
import { formatP, type FamilyRow } from "@/domain/analytics/family";
import { pointsInterval, signedPoints } from "@/domain/stats/format";
import type { BootstrapInterval } from "@/domain/stats/bootstrap";

/** Like-for-like notices at their level, shown above the numbers they qualify. */
export function CompareWarnings({ notices }: { notices: readonly Notice[] }) {
  return <Notices notices={notices} testId="compare-warning" itemTestId={() => "compare-warning-line"} />;
}

type Hrefs = {
  a: (taskId: string) => string;
  b: (taskId: string) => string;
  /** The task's runs under a and b read side by side (issue 34.9). */
  pair?: (taskId: string) => string;
};

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
                <td className="mono">
                  {hrefs?.pair ? (
                    <Link
                      prefetch={false}
                      href={hrefs.pair(l.taskId)}
                      data-testid="side-by-side-link"
                      title="Read a's and b's runs of this task side by side, turn by turn"
                    >
                      {l.taskId}
                    </Link>
                  ) : (
                    l.taskId
                  )}
                </td>
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

/** View 9: what changed from side a to side b, task by task, with the task-level tests. */
export function CompareResult({
  a,
  b,
  lists,
  result,
  bootstrap,
  hrefs,
  aaHref,
}: {
  a: string;
  b: string;
  lists: CompareLists;
  result: Pick<
    Comparison,
    "permutationP" | "permutation" | "signTestP" | "mcnemarP" | "pairs" | "calibration" | "method"
  >;
  bootstrap?: BootstrapInterval | null;
  hrefs?: Hrefs;
  /** Where "Queue an A/A check" leads (the New session form, filled in for a calibration of a). */
  aaHref?: string;
}) {
  const { pairs } = result;
  return (
    <>
      <p className="section-guide" data-testid="compare-method">
        {result.method}
      </p>
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
        <div className="stat" title={permutationWords(result.permutation)}>
          <b data-testid="compare-permutation-p">{formatP(result.permutationP)}</b>
          <span>permutation p (sign flips over tasks)</span>
        </div>
        <div className="stat">
          <b data-testid="compare-sign-p">{formatP(result.signTestP)}</b>
          <span>sign test p (improved vs degraded tasks)</span>
        </div>
        <div
          className="stat"
          title="Each task's verdict on a side is the majority of its repeats there; a task whose repeats split in half is left out."
        >
          <b data-testid="compare-mcnemar-p">{formatP(result.mcnemarP)}</b>
          <span>McNemar p (task-paired verdicts)</span>
        </div>
        <div className="stat">
          <b data-testid="compare-pairs">
            {pairs.aOnly} / {pairs.bOnly}
          </b>
          <span>tasks: only a passed / only b passed</span>
        </div>
        <div className="stat">
          <b>
            {pairs.both} / {pairs.neither}
            {pairs.undecided ? ` · ${pairs.undecided} split` : ""}
          </b>
          <span>tasks: both passed / neither{pairs.undecided ? " · repeats split in half" : ""}</span>
        </div>
      </div>
      <p className="muted" data-testid="compare-calibration">
        {nullRejectionSentence(result.calibration, "the permutation test")}
        {aaHref ? (
          <>
            {" "}
            <Link prefetch={false} href={aaHref} data-testid="compare-aa-check">
              Queue an A/A check for {a}
            </Link>{" "}
            to measure it on the phone too.
          </>
        ) : null}
      </p>
      {hrefs?.pair ? (
        <p className="section-guide" data-testid="side-by-side-guide">
          Click a task to read its runs under a and b side by side, turn by turn, with the first turn where they diverge
          marked; a count opens those runs in the runs explorer.
        </p>
      ) : null}
      <div className="grid3">
        <List title="Improved (b better)" lines={lists.improved} a={a} b={b} id="improved" hrefs={hrefs} />
        <List title="Degraded (b worse)" lines={lists.degraded} a={a} b={b} id="degraded" hrefs={hrefs} />
        <List title="Unchanged" lines={lists.unchanged} a={a} b={b} id="unchanged" hrefs={hrefs} />
      </div>
    </>
  );
}

/** A p-value with its Benjamini–Hochberg adjusted value beside it, in one cell. */
function PCell({ p, adjusted, id }: { p: number; adjusted: number; id: string }) {
  return (
    <td className="num nowrap">
      <span data-testid={`${id}-raw`}>{formatP(p)}</span>{" "}
      <span className="muted">
        (<span data-testid={`${id}-bh`}>{formatP(adjusted)}</span>)
      </span>
    </td>
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
  const bh = "raw, and in brackets Benjamini–Hochberg adjusted across the rows";
  return (
    <table className="compact wrap-heads" data-testid="family-table">
      <thead>
        <tr>
          <th>Reference</th>
          <th>Compared</th>
          <th className="num" title="Tasks run under both configs: each counts once">
            Tasks
          </th>
          <th className="num" title="improved / degraded / unchanged tasks">
            Better / worse / same
          </th>
          <th className="num" title={`Sign-flip permutation test over tasks: ${bh}`}>
            Permutation p (BH)
          </th>
          <th className="num" title={`Sign test over improved vs degraded tasks: ${bh}`}>
            Sign p (BH)
          </th>
          <th
            className="num"
            title="tasks whose majority verdict: only the reference passed / only the compared config passed"
          >
            Discordant tasks
          </th>
          <th className="num" title={`McNemar on task-paired majority verdicts: ${bh}`}>
            McNemar p (BH)
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.a}-${r.b}`} data-testid={`family-${r.a}-${r.b}`}>
            <td className="mono">{r.a}</td>
            <td className="mono">{r.b}</td>
            <td className="num">{r.tasks}</td>
            <td className="num">
              {r.improved} / {r.degraded} / {r.unchanged}
            </td>
            <PCell p={r.permutationP} adjusted={r.permutationPAdjusted} id="perm" />
            <PCell p={r.signTestP} adjusted={r.signTestPAdjusted} id="sign" />
            <td className="num">
              {r.aOnly} / {r.bOnly}
            </td>
            <PCell p={r.mcnemarP} adjusted={r.mcnemarPAdjusted} id="mcnemar" />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
