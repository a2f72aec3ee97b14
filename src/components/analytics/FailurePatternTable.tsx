import Link from "next/link";
import type { FailurePattern } from "@/domain/analytics/failures";
import { runsHref } from "@/domain/analytics/links";

/** One pattern as steps: failed calls and the ending stand out from the calls that worked. */
function Pattern({ text }: { text: string | null }) {
  if (text === null) return <span className="muted">not recorded: rescore the session to derive it</span>;
  const steps = text.split(" → ");
  return (
    <span className="mono call-pattern">
      {steps.map((s, i) => (
        <span key={i}>
          {i > 0 && <span className="muted"> → </span>}
          <span className={i === steps.length - 1 ? "step end" : s.includes("✗") ? "step bad" : "step"}>{s}</span>
        </span>
      ))}
    </span>
  );
}

/** View 11: the most common call sequence of each failing task × config, k of n failing runs (Table 3). */
export function FailurePatternTable({ rows, filterQuery = "" }: { rows: FailurePattern[]; filterQuery?: string }) {
  return (
    <div style={{ overflowX: "auto" }}>
      <table className="compact failure-table" data-testid="failure-patterns">
        <thead>
          <tr>
            <th>Task</th>
            <th>Config</th>
            <th>Most common sequence of the failing runs</th>
            <th className="num" title="failing runs that followed this sequence, of all failing runs">
              Followed
            </th>
            <th className="num" title="runs that did not pass, of all runs">
              Failed
            </th>
            <th className="num" title="distinct sequences among the failing runs">
              Variants
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={`${r.taskId}/${r.configId}`}
              data-testid={`failure-row-${r.taskId}-${r.configId}`}
              className={i > 0 && rows[i - 1].taskId === r.taskId ? "" : "task-first"}
            >
              {/* the task is named once, on the first of its rows */}
              {(i === 0 || rows[i - 1].taskId !== r.taskId) && (
                <td
                  className={`task-name g-${r.group} nowrap`}
                  rowSpan={rows.filter((x) => x.taskId === r.taskId).length}
                >
                  {r.taskId}
                </td>
              )}
              <td className="mono">{r.configId}</td>
              <td data-testid="failure-pattern">
                <Pattern text={r.pattern} />
              </td>
              <td className="num" data-testid="failure-following">
                {r.following} of {r.failing}
              </td>
              <td className="num" data-testid="failure-failing">
                <Link
                  prefetch={false}
                  href={runsHref(filterQuery, { task: r.taskId, config: r.configId, passed: "false" })}
                >
                  {r.failing}/{r.runs}
                </Link>
              </td>
              <td className="num">{r.patterns}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
