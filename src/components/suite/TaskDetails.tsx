import { describeCheck } from "@/domain/suite/describe";
import type { FixtureResult } from "@/domain/suite-validation/fixtures";
import type { Task } from "@/domain/suite/schema";
import { checkIds } from "@/domain/scoring";
import { FixtureTable } from "./FixtureTable";
import { Ticks } from "./Ticks";
import s from "./suite.module.css";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const lines = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** One task, collapsed to a line; open, it shows the prompt, seed files, checks, milestones and fixtures. */
export function TaskDetails({ task, results }: { task: Task; results: FixtureResult[] }) {
  const mismatched = results.filter((r) => !r.ok).length;
  const ids = checkIds(task.checks);
  return (
    <details className={s.task} id={`task-${task.id}`} data-testid={`task-${task.id}`}>
      <summary>
        <span className="mono">
          <b>{task.id}</b>
        </span>
        {task.title && <span>{task.title}</span>}
        {task.heldOut && <span className="pill warn">held out</span>}
        <span className="muted">
          {[
            `v${task.version}`,
            count(task.checks.length, "check"),
            task.milestones?.length ? count(task.milestones.length, "milestone") : null,
            count(task.fixtures.length, "fixture"),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
        {mismatched > 0 && (
          <span className="pill fail">
            {mismatched} fixture{mismatched === 1 ? "" : "s"} misjudged
          </span>
        )}
      </summary>
      <div className={s.taskBody}>
        <h3>Prompt</h3>
        <div className={s.prompt}>{task.prompt}</div>

        <h3>Seed workspace</h3>
        {task.workspace.files.length === 0 ? (
          <p className="muted">Empty: the task starts with no files.</p>
        ) : (
          <ul className={s.files}>
            {task.workspace.files.map((f) => (
              <li key={f.path}>
                <details>
                  <summary>
                    <span className="mono">{f.path}</span>{" "}
                    <span className="hint">
                      {count(lines(f.content), "line")}, {count(f.content.length, "char")}
                    </span>
                  </summary>
                  <pre className={s.pre}>{f.content}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}

        <h3>
          Checks <span className="hint">(a run passes when every one passes)</span>
        </h3>
        <table className={s.tight}>
          <tbody>
            {task.checks.map((c, i) => (
              <tr key={ids[i]}>
                <td className="mono">{ids[i]}</td>
                <td className={s.wrap}>
                  <Ticks text={describeCheck(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        {task.milestones && task.milestones.length > 0 && (
          <>
            <h3>
              Milestones <span className="hint">(progress along the way; they do not decide the verdict)</span>
            </h3>
            <table className={s.tight} data-testid="milestones">
              <tbody>
                {task.milestones.map((m) => (
                  <tr key={m.id}>
                    <td>{m.label}</td>
                    <td className={s.wrap}>
                      <Ticks text={describeCheck(m.check)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}

        <h3>
          Fixtures <span className="hint">(deliberately right and wrong end states)</span>
        </h3>
        <FixtureTable taskId={task.id} results={results} />
      </div>
    </details>
  );
}
