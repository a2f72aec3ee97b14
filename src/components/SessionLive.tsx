"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";
import type { ResponseBody } from "@/contracts";
import { notice } from "@/domain/analytics/notices";
import { Notices } from "@/components/Notices";
import { formatDuration } from "@/domain/queue";
import { percent, percentInterval } from "@/domain/stats/format";
import { RescorePanel } from "./RescorePanel";
import { configColors } from "./analytics/configColors";
import {
  calibrationArmsText,
  importedSourceText,
  passBars,
  sessionFigureContext,
  sessionState,
} from "@/domain/sessions";
import { CalibrationBadge } from "./Calibration";
import { rerunAddress } from "@/domain/forms/newSession";
import { Reason } from "./trace/Reason";
import { LeaseHolders } from "./sessions/LeaseHolders";
import { PassRateBars } from "./sessions/PassRateBars";
import { SessionComparisons } from "./sessions/SessionComparisons";
import { PlanPanel } from "./sessions/PlanPanel";
import { AdaptivePanel } from "./sessions/AdaptivePanel";

/** The live page's feed, as the contract describes `GET /api/sessions/{id}/runs`. */
export type SessionData = ResponseBody<typeof dashboard.sessionRuns, 200>;

const STATES = ["queued", "leased", "completed", "failed", "cancelled"] as const;

/** `colorOrder`: every config the dashboard knows (configUniverse), so a config has its analytics colour here too. */
export function SessionLive({
  id,
  initial,
  colorOrder,
}: {
  id: string;
  initial: SessionData;
  colorOrder: readonly string[];
}) {
  const q = useQuery({
    queryKey: ["session", id],
    queryFn: () => call(dashboard.sessionRuns, { params: { id } }),
    initialData: initial,
    refetchInterval: (query) => {
      const d = query.state.data;
      // An adaptive session may queue more jobs until every task has settled (issue 36.2).
      const adaptiveOpen = !!d?.session.adaptive && d.session.adaptive.tasksSettled < d.session.taskIds.length;
      return d && (d.session.progress.done < d.session.progress.total || adaptiveOpen) ? 1500 : false;
    },
  });
  const cancel = useMutation({
    mutationFn: () => call(dashboard.cancelSession, { params: { id } }),
    onSuccess: () => q.refetch(),
  });
  const d = q.data;
  const s = d.session;
  const p = s.progress;
  const state = sessionState(s.counts, !!s.cancelledAt);
  const finished = state.kind === "finished" || state.kind === "failed";

  return (
    <>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <div>
          <h1 data-testid="session-name">
            {s.name} {s.trial && <span className="pill warn">trial</span>} {s.calibration && <CalibrationBadge />}{" "}
            {s.cancelledAt && <span className="pill">cancelled</span>}
          </h1>
          {s.imported ? (
            // An import has no jobs, order or lease of its own: say what its runs carried instead.
            <p className="sub" data-testid="session-settings">
              Imported from a runs.json: {importedSourceText(s.imported)}
            </p>
          ) : (
            <p className="sub" data-testid="session-settings">
              Suite{" "}
              <b data-testid="session-suite">
                <a href={`/suites/${encodeURIComponent(s.suite.id)}`}>{s.suite.id}</a> v{s.suite.version}
              </b>{" "}
              · {s.taskIds.length} tasks × {s.configIds.length} configs ×{" "}
              {s.adaptive
                ? `${s.adaptive.minRepeats}–${s.adaptive.maxRepeats} repeats (adaptive)`
                : `${s.repeats} repeat${s.repeats === 1 ? "" : "s"}`}{" "}
              · {s.order} (seed <span data-testid="session-seed">{s.seed}</span>) · lease {s.leaseSeconds} s,{" "}
              {s.maxAttempts} attempts ·{" "}
              <a
                href={rerunAddress(s)}
                data-testid="rerun-with-seed"
                title="The New session form filled with this session's suite, seed, order, configs, tasks and repeats"
              >
                Rerun with this seed
              </a>
            </p>
          )}
          {!s.imported && !s.calibration && <PlanPanel plan={s.plan} />}
          {s.calibration && s.configIds.length > 0 && (
            <p className="sub" data-testid="calibration-arms">
              {calibrationArmsText(s.configIds[0], s.repeats)}
            </p>
          )}
          {s.notes && <p className="sub">{s.notes}</p>}
          {s.pinned && (
            <p className="sub" data-testid="session-pinned">
              Pinned to {s.pinned.devices.map((d) => d.name + (d.revoked ? " (revoked)" : "")).join(", ")}: only these
              phones lease its jobs.
            </p>
          )}
          {s.pinned?.allRevoked && (s.counts.queued > 0 || s.counts.leased > 0) && (
            <Notices
              notices={[
                notice(
                  "pinnedRevoked",
                  "Every device this session is pinned to is revoked, so no phone will lease its remaining jobs; cancel it and queue it again pinned to a paired phone.",
                ),
              ]}
              testId="pinned-notices"
              itemTestId={() => "pinned-all-revoked"}
            />
          )}
          <p className="sub">
            <a href={`/analytics?session=${s.id}${s.trial ? "&includeTrial=1" : ""}`} data-testid="session-analytics">
              Analytics for this session
            </a>{" "}
            · Download{" "}
            <a href={`/api/export/runs.csv?session=${s.id}${s.trial ? "&includeTrial=1" : ""}`} download>
              runs.csv
            </a>{" "}
            ·{" "}
            <a href={`/api/export/runs.json?session=${s.id}${s.trial ? "&includeTrial=1" : ""}`} download>
              runs.json
            </a>{" "}
            ·{" "}
            <a
              href={`/api/export/turns.csv?session=${s.id}${s.trial ? "&includeTrial=1" : ""}`}
              download
              title="One row per turn (docs/notebook-data.md)"
            >
              turns.csv
            </a>{" "}
            ·{" "}
            <a
              href={`/api/export/calls.csv?session=${s.id}${s.trial ? "&includeTrial=1" : ""}`}
              download
              title="One row per tool call (docs/notebook-data.md)"
            >
              calls.csv
            </a>
          </p>
        </div>
        {!finished && !s.cancelledAt && s.suite.id !== "imported" && (
          <button
            className="btn danger"
            disabled={cancel.isPending}
            onClick={() => {
              if (confirm("Cancel every queued and running job of this session?")) cancel.mutate();
            }}
            data-testid="cancel-session"
          >
            Cancel session
          </button>
        )}
      </div>
      {q.error && <div className="error">{(q.error as ApiError).message} Showing the last data received.</div>}

      {s.suite.id === "imported" ? (
        <Notices
          notices={[
            notice(
              "importedSession",
              "This session was imported from a runs.json: it has runs but no jobs, and its runs cannot be rescored (an export carries no workspaces).",
            ),
          ]}
          testId="imported-notices"
          itemTestId={() => "imported-notice"}
        />
      ) : (
        <div className="panel">
          <div className="row" style={{ justifyContent: "space-between", marginBottom: 8 }}>
            <b data-testid="progress-text" data-state={state.kind}>
              {state.progressText}
            </b>
            <span className="muted" data-testid="eta">
              {state.kind === "cancelled"
                ? "cancelled"
                : finished
                  ? state.pill
                  : p.etaMs !== null
                    ? `about ${formatDuration(p.etaMs)} left`
                    : s.counts.leased
                      ? "running: waiting for the first result"
                      : "waiting for a phone to poll"}
            </span>
          </div>
          <div
            className={state.kind === "cancelled" ? "progress progress-cancelled" : "progress"}
            role="progressbar"
            aria-valuenow={Math.round(state.fraction * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuetext={state.progressText}
            data-testid="progress-bar"
          >
            <div style={{ width: `${state.fraction * 100}%` }} />
          </div>
          <div className="stats" style={{ marginTop: 12 }} data-testid="job-counts">
            {STATES.map((st) => (
              <div className="stat" key={st} data-testid={`count-${st}`}>
                <b>{s.counts[st]}</b>
                <span>{st}</span>
              </div>
            ))}
          </div>
          <LeaseHolders leases={d.leases} />
        </div>
      )}

      <AdaptivePanel a={s.adaptive} />

      <h2>Pass rate by config</h2>
      {s.adaptive && d.configs.length > 0 && (
        <p className="sub" data-testid="pooled-adaptive">
          Over runs: tasks ran {s.adaptive.minRepeats}–{s.adaptive.maxRepeats} repeats, more where a and b disagreed, so
          those weigh more here. The decision above and the per-task comparison below count each task once.
        </p>
      )}
      {d.configs.length === 0 ? (
        <p className="muted">No runs scored yet. Pass counts appear here as phones return traces.</p>
      ) : (
        <div className="live-configs">
          <PassRateBars
            bars={passBars(s.configIds, d.configs, configColors([...colorOrder, ...s.configIds]))}
            context={sessionFigureContext(s.name, d.configs, d.runs)}
          />
          <table data-testid="config-table">
            <thead>
              <tr>
                <th>Config</th>
                <th className="num">Runs</th>
                <th className="num">Passed</th>
                <th className="num">Pass rate</th>
                <th
                  className="num"
                  title="Over runs, as if repeats of a task were independent: narrower than the tasks allow. The comparison below counts each task once."
                >
                  Wilson 95% (runs)
                </th>
              </tr>
            </thead>
            <tbody>
              {d.configs.map((c) => (
                <tr key={c.configId} data-testid={`config-row-${c.configId}`}>
                  <td className="mono">{c.configId}</td>
                  <td className="num">{c.runs}</td>
                  <td className="num">{c.passed}</td>
                  <td className="num">{percent(c.runs ? c.passed / c.runs : null)}</td>
                  <td className="num">{percentInterval(c.wilson)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <SessionComparisons c={d.comparisons} sessionId={id} plan={s.plan} />

      {d.runs.length > 0 && s.suite.id !== "imported" && <RescorePanel sessionId={id} onDone={() => q.refetch()} />}

      <h2>
        Runs <span className="hint">newest first{d.runs.length >= 200 ? ", latest 200" : ""}</span>
      </h2>
      {d.runs.length > 0 && (
        <p className="section-guide">
          <a href={`/runs?session=${encodeURIComponent(id)}`} data-testid="session-runs-explorer">
            Every run of this session in the runs explorer
          </a>{" "}
          (filter, sort, search by outcome, export).
        </p>
      )}
      {d.runs.length === 0 ? (
        <p className="muted" data-testid="runs-empty">
          No runs yet. They appear here as phones return traces.
        </p>
      ) : (
        <table data-testid="runs-table">
          <thead>
            <tr>
              <th>Task</th>
              <th>Config</th>
              <th className="num">Repeat</th>
              <th className="num">Attempt</th>
              <th>Device</th>
              <th>Result</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {d.runs.map((r) => (
              <tr key={r.id} data-testid="run-row">
                <td className="mono">
                  <a href={`/runs/${r.id}`} data-testid="run-link">
                    {r.taskId}
                  </a>
                </td>
                <td className="mono">{r.configId}</td>
                <td className="num">{r.repeat}</td>
                <td className="num">{r.attempt}</td>
                <td className="muted" data-testid="run-device">
                  {r.deviceLabel}
                </td>
                <td className="nowrap">
                  {r.passed ? <span className="pill pass">pass</span> : <span className="pill fail">fail</span>}{" "}
                  {r.superseded && <span className="pill">superseded</span>}
                </td>
                <td className="outcome-cell" data-testid="run-outcome">
                  <span className={`pill o-${r.outcome}`}>{r.outcome.replace("_", " ")}</span>{" "}
                  <span className="muted">
                    <Reason text={r.outcomeReason} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
