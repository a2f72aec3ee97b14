import type { FixtureResult } from "@/domain/suite-validation/fixtures";
import { Ticks } from "./Ticks";
import s from "./suite.module.css";

/** A task's fixtures: what each expects, what the checks say, and why any check failed. */
export function FixtureTable({ taskId, results }: { taskId: string; results: FixtureResult[] }) {
  if (!results.length) return <p className="muted">No fixtures: nothing tests this task&apos;s checks.</p>;
  return (
    <table className={s.tight}>
      <thead>
        <tr>
          <th>Fixture</th>
          <th>Expected</th>
          <th>Verdict</th>
          <th>Failing checks</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r) => {
          const failing = r.checks.filter((c) => !c.passed);
          return (
            <tr key={r.index} data-testid={`fixture-${taskId}-${r.index}`} className={r.ok ? undefined : s.mismatch}>
              <td>{r.fixture}</td>
              <td>{r.expect}</td>
              <td data-testid="verdict">
                <span className={`pill ${r.got}`}>{r.got}</span>
                {!r.ok && (
                  <>
                    {" "}
                    <span className="pill warn">not as expected</span>
                  </>
                )}
              </td>
              <td className={s.wrap}>
                {failing.length === 0 ? (
                  <span className="muted">none</span>
                ) : (
                  failing.map((c) => (
                    <div key={c.id}>
                      <span className="mono">{c.id}</span>: <Ticks text={c.reason} />
                    </div>
                  ))
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
