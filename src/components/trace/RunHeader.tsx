import Link from "next/link";
import { duration, integer, percent } from "@/domain/stats/format";
import { checksSummary, type ReadTrace } from "@/domain/trace";
import { phoneLabel } from "@/domain/fleet";
import type { getRun } from "@/server/runs/getRun";
import { Inert, LongText } from "./Inert";
import { Reason } from "./Reason";
import { VerdictPills } from "./Verdict";

export type RunData = Awaited<ReturnType<typeof getRun>>;
type Cell = string | number | boolean | null | undefined;

const text = (v: Cell) => (v === null || v === undefined || v === "" ? "–" : String(v));
const yesNo = (v: Cell) => (v === null || v === undefined ? "–" : v ? "yes" : "no");

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="field" data-testid={testId}>
      <span className="field-label">{label}</span>
      <span>{children}</span>
    </div>
  );
}

/** Who ran what, where and under which conditions, and the verdict with its reasons. */
export function RunHeader({ data, read }: { data: RunData; read: ReadTrace }) {
  const { run, score, task, neighbours } = data as RunData & { run: Record<string, Cell> };
  const t = read.kind === "full" ? read.trace : null;
  const c = t?.conditions;
  return (
    <>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1 data-testid="run-title">
          Run <span className="mono">{text(run.runId)}</span>{" "}
          {run.trial ? <span className="pill warn">trial</span> : null}{" "}
          {run.superseded ? <span className="pill">superseded</span> : null}
        </h1>
        <nav className="row" data-testid="neighbours">
          {neighbours.previous ? (
            <Link prefetch={false} href={`/runs/${neighbours.previous}`} data-testid="previous-run">
              ← previous (p)
            </Link>
          ) : (
            <span className="muted">← previous</span>
          )}
          <span className="muted">
            run {neighbours.index} of {neighbours.of} for this task × config
          </span>
          {neighbours.next ? (
            <Link prefetch={false} href={`/runs/${neighbours.next}`} data-testid="next-run">
              next (n) →
            </Link>
          ) : (
            <span className="muted">next →</span>
          )}
        </nav>
      </div>
      <p className="section-guide">
        One run step by step: what the model wrote, what each tool call did to the files, and why it passed or failed.
        Keys: j/k turn, n/p repeat.
      </p>

      <div className="panel">
        <div className="row verdict" data-testid="verdict">
          <VerdictPills score={score} />
          <span data-testid="outcome-reason">
            <Reason text={score.outcomeReason} />
          </span>
          {score.looping && <span className="pill warn">looping</span>}
        </div>
        {/* Issue 16.4: a one-line verdict over the checks; the table with every reason folds below it. */}
        <details className="checks-fold" data-testid="checks-fold">
          <summary data-testid="checks-summary">
            <span className={score.checks.some((ch) => !ch.passed) ? "fail-text" : undefined}>
              {checksSummary(score.checks)}
            </span>{" "}
            <span className="more">show every check</span>
            <span className="less">hide the checks</span>
          </summary>
          <table className="compact checks-table" data-testid="checks">
            <tbody>
              {score.checks.map((ch) => (
                <tr key={ch.id} data-testid={`check-${ch.id}`}>
                  <td className="mono">{ch.id}</td>
                  <td>
                    {ch.passed ? <span className="pill pass">pass</span> : <span className="pill fail">fail</span>}
                  </td>
                  <td className="wrap">{ch.reason ? <Reason text={ch.reason} /> : "(no reason recorded)"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>

      <div className="panel fields">
        <Field label="Task" testId="task">
          <span className="mono">{text(run.taskId)}</span> v{text(run.taskVersion)}{" "}
          {task?.title ? (
            <span className="muted">
              <Inert text={task.title} />
            </span>
          ) : null}
        </Field>
        <Field label="Config" testId="config">
          <span className="mono">{text(run.configId)}</span> v{text(run.configVersion)}
        </Field>
        <Field label="Repeat · attempt" testId="repeat">
          repeat {text(run.repeat)} · attempt {text(run.attempt)}
        </Field>
        <Field label="Session">
          <Link prefetch={false} href={`/sessions/${text(run.sessionId)}`}>
            <Inert text={text(run.sessionName)} />
          </Link>
        </Field>
        <Field label="Device" testId="device">
          <Inert
            text={
              `${phoneLabel(data.device.tokenName, data.device.reportedId)} · ` +
              (t ? `${t.device.model} · ${t.device.os}` : text(run.deviceModel))
            }
          />
          {data.device.mismatch ? (
            <>
              {" "}
              <span
                className="pill warn"
                data-testid="device-mismatch"
                title="The result came in on this phone's lease but named another device id than the poll that took the job."
              >
                device id differs from its poll ({data.device.pollReportedId})
              </span>
            </>
          ) : null}
        </Field>
        <Field label="Build" testId="build">
          <Inert
            text={
              t
                ? [t.build.model, t.build.quantization, t.build.runtime, `app ${t.build.app}`, t.build.commit]
                    .filter(Boolean)
                    .join(" · ")
                : `${text(run.model)} · ${text(run.buildCommit)}`
            }
          />
        </Field>
        <Field label="Thermal" testId="thermal">
          {text(c?.thermalAtStart ?? run.thermalAtStart)} → {text(c?.thermalAtEnd)}
        </Field>
        <Field label="Charging · battery" testId="power">
          {yesNo(c?.charging ?? run.charging)} · {c?.battery === undefined ? "–" : percent(c.battery)}
        </Field>
        <Field label="Rest · warm-up" testId="rest">
          {duration(c?.restMs)} · {duration(t?.warmup?.ms)}
        </Field>
        <Field label="Load">
          {integer((t?.load.startupTokens ?? run.startupTokens) as number)} tok in{" "}
          {duration((t?.load.ms ?? run.loadMs) as number)}
        </Field>
        <Field label="Peak context">
          {integer(run.peakContextTokens as number)} of {integer(run.contextWindow as number)} tok
        </Field>
        <Field label="Ended">
          {t ? (
            <>
              <span className="mono">{t.end.reason}</span> {t.end.detail ? <Inert text={t.end.detail} /> : null}
            </>
          ) : (
            "–"
          )}
        </Field>
      </div>

      {task && (
        <div className="panel" data-testid="prompt">
          <span className="field-label">Prompt</span>
          <LongText text={task.prompt} />
        </div>
      )}
    </>
  );
}
