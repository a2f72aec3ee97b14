import Link from "next/link";
import type { TransitionMatrix } from "@/domain/analytics/transitions";
import type { PathSummary, TaskTrajectories } from "@/domain/analytics/trajectories";
import type { Outcome } from "@/domain/scoring/types";

const label = (o: string) => o.replace(/_/g, " ");

/** a's outcome (rows) against b's (columns) over paired runs, with totals; empty rows and columns hidden. */
export function TransitionTable({ m, a, b }: { m: TransitionMatrix; a: string; b: string }) {
  if (!m.total)
    return (
      <p className="muted" data-testid="transitions-empty">
        No runs pair up (same task and repeat) between the two sides.
      </p>
    );
  const rows = m.outcomes.filter((o) => m.rowTotals[o]);
  const cols = m.outcomes.filter((o) => m.columnTotals[o]);
  return (
    <div style={{ overflowX: "auto" }}>
      <table className="compact" data-testid="transitions">
        <thead>
          <tr>
            <th title={`rows: how the run ended under ${a}; columns: under ${b}`}>a ↓ · b →</th>
            {cols.map((o) => (
              <th key={o} className="num">
                {label(o)}
              </th>
            ))}
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r} data-testid={`transition-${r}`}>
              <td>{label(r)}</td>
              {cols.map((c) => (
                <td
                  key={c}
                  className="num"
                  data-testid={`transition-${r}-${c}`}
                  style={r === c ? { fontWeight: 600 } : m.counts[r][c] ? { color: "var(--fail)" } : undefined}
                >
                  {m.counts[r][c as Outcome] || <span className="muted">0</span>}
                </td>
              ))}
              <td className="num">{m.rowTotals[r]}</td>
            </tr>
          ))}
          <tr>
            <td>Total</td>
            {cols.map((c) => (
              <td key={c} className="num">
                {m.columnTotals[c]}
              </td>
            ))}
            <td className="num" data-testid="transitions-total">
              {m.total}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Steps({ path, divergesAt }: { path: PathSummary | undefined; divergesAt: number | null }) {
  if (!path) return <p className="muted">No runs.</p>;
  if (path.pattern === null)
    return (
      <p className="muted">
        Call paths were not stored for these runs (scored before patterns were kept): rescore the session.
      </p>
    );
  return (
    <ol className="path-steps">
      {path.steps.map((s, i) => (
        <li
          key={i}
          className="mono"
          data-diverges={divergesAt === i + 1 ? "true" : undefined}
          style={divergesAt === i + 1 ? { background: "#fff1dc" } : undefined}
        >
          {s}
        </li>
      ))}
    </ol>
  );
}

const ends = (p: PathSummary) =>
  Object.entries(p.outcomes)
    .sort((x, y) => y[1] - x[1])
    .map(([o, n]) => `${label(o)} ${n}`)
    .join(", ");

function Side({
  name,
  paths,
  divergesAt,
  testId,
}: {
  name: string;
  paths: PathSummary[];
  divergesAt: number | null;
  testId: string;
}) {
  return (
    <div className="panel" data-testid={testId}>
      <h3 className="mono">{name}</h3>
      <p className="section-guide">
        Majority path:{" "}
        {paths[0] ? `${paths[0].runs} run${paths[0].runs === 1 ? "" : "s"}, ended ${ends(paths[0])}` : "none"}.
      </p>
      <Steps path={paths[0]} divergesAt={divergesAt} />
      {paths.length > 1 ? (
        <table className="compact">
          <thead>
            <tr>
              <th>Other paths</th>
              <th className="num">Runs</th>
              <th>Ended</th>
            </tr>
          </thead>
          <tbody>
            {paths.slice(1).map((p) => (
              <tr key={p.pattern ?? "?"}>
                <td className="mono">{p.pattern ?? "–"}</td>
                <td className="num">{p.runs}</td>
                <td>{ends(p)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/** For one task: both configs' majority call paths side by side, where they part, and how each path's runs ended. */
export function TrajectoryDiff({
  t,
  a,
  b,
  sideBySideHref,
}: {
  t: TaskTrajectories;
  a: string;
  b: string;
  /** Where this task's runs under a and b are read side by side, turn by turn (issue 34.9). */
  sideBySideHref?: string;
}) {
  return (
    <>
      <p>
        <span data-testid="trajectory-divergence">
          {t.divergesAt === null ? (
            "The two majority paths are the same."
          ) : (
            <>
              The majority paths part at <b>step {t.divergesAt}</b> (highlighted).
            </>
          )}
        </span>
        {sideBySideHref ? (
          <>
            {" "}
            <Link prefetch={false} href={sideBySideHref} data-testid="trajectory-side-by-side">
              Read one run of each side by side
            </Link>{" "}
            to see where two runs of {t.taskId} part, turn by turn.
          </>
        ) : null}
      </p>
      <div className="grid2" data-testid="trajectory-diff">
        <Side name={`a: ${a}`} paths={t.a} divergesAt={t.divergesAt} testId="trajectory-a" />
        <Side name={`b: ${b}`} paths={t.b} divergesAt={t.divergesAt} testId="trajectory-b" />
      </div>
    </>
  );
}
