"use client";
import { useMutation } from "@tanstack/react-query";
import { call, ApiError } from "@/client/api";
import { dashboard } from "@/contracts";

const verdict = (passed: boolean, outcome: string) => (
  <>
    <span className={`pill ${passed ? "pass" : "fail"}`}>{passed ? "pass" : "fail"}</span>{" "}
    <span className={`pill o-${outcome}`}>{outcome.replace("_", " ")}</span>
  </>
);

/** Rescores a session with the newest task versions and lists the runs whose verdict or outcome flipped. */
export function RescorePanel({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const m = useMutation({
    mutationFn: () => call(dashboard.rescoreSession, { params: { id: sessionId } }),
    onSuccess: onDone,
  });
  return (
    <div className="panel" data-testid="rescore-panel">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <span className="muted">
          Checks changed? Rescore every run with the newest version of its task; earlier scores are kept.
        </span>
        <button className="btn" onClick={() => m.mutate()} disabled={m.isPending} data-testid="rescore-button">
          {m.isPending ? "Rescoring…" : "Rescore with current checks"}
        </button>
      </div>
      {m.error && <div className="error">{(m.error as ApiError).message}</div>}
      {m.data && (
        <div data-testid="rescore-result" style={{ marginTop: 12 }}>
          <b>
            Rescored {m.data.rescored} of {m.data.runs} runs:{" "}
            {m.data.changed.length === 0 ? "no verdict or outcome changed." : `${m.data.changed.length} changed.`}
          </b>
          {m.data.unscorable.length > 0 && (
            <div className="error">
              {m.data.unscorable.length} run(s) could not be rescored: {m.data.unscorable[0].reason}.
            </div>
          )}
          {m.data.changed.length > 0 && (
            <table style={{ marginTop: 8 }}>
              <thead>
                <tr>
                  <th>Task</th>
                  <th>Config</th>
                  <th className="num">Repeat</th>
                  <th>Before</th>
                  <th>After</th>
                  <th>Why now</th>
                </tr>
              </thead>
              <tbody>
                {m.data.changed.map((c) => (
                  <tr key={c.runId} data-testid="rescore-change">
                    <td className="mono">{c.taskId}</td>
                    <td className="mono">{c.configId}</td>
                    <td className="num">{c.repeat}</td>
                    <td className="nowrap">
                      {verdict(c.before.passed, c.before.outcome)}{" "}
                      <span className="muted">v{c.before.taskVersion}</span>
                    </td>
                    <td className="nowrap">
                      {verdict(c.after.passed, c.after.outcome)} <span className="muted">v{c.after.taskVersion}</span>
                    </td>
                    <td className="muted">{c.after.outcomeReason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
