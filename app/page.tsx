import Link from "next/link";
import "./sessions-list.css";
import { getContext } from "@/server/context";
import { listSessions } from "@/server/sessions/listSessions";
import { CalibrationBadge } from "@/components/Calibration";
import { DemoButton } from "@/components/DemoButton";
import { ConfigId } from "@/components/ConfigId";
import { devicesText, devicesTitle, passRateText, sessionState } from "@/domain/sessions";

export const dynamic = "force-dynamic";

export default async function SessionsPage() {
  const sessions = await listSessions(getContext());
  if (!sessions.length) {
    return (
      <div className="panel empty" data-testid="sessions-empty">
        <h2>No sessions yet</h2>
        <p className="muted">A session runs tasks × harness configs × repeats on your phones and scores every run.</p>
        <ol>
          <li>
            <Link prefetch={false} href="/devices">
              Pair a phone
            </Link>
            : create a device token and enter it in the phone app.
          </li>
          <li>
            <Link prefetch={false} href="/sessions/new">
              Queue a session
            </Link>
            : pick tasks, configs and repeats.
          </li>
          <li>Watch runs arrive on the session page as the phone works through the queue.</li>
        </ol>
        <p className="muted">No phone at hand? Run a small demo session on three simulated phones:</p>
        <div className="row">
          <DemoButton />
          <DemoButton compact study="adaptive" />
        </div>
        <p className="muted">
          The adaptive demo pre-registers files vs bash and repeats a task only while it still tells something; the
          session stops itself once the comparison is decided.
        </p>
      </div>
    );
  }
  return (
    <>
      <div className="row" style={{ justifyContent: "space-between", marginBottom: 12 }}>
        <div>
          <h1>Sessions</h1>
          <p className="sub">
            Newest first. A trial session is a single-repeat dry run, kept out of analytics; an A/A calibration runs one
            config twice to measure a phone&apos;s noise.
          </p>
        </div>
        <div className="row">
          <DemoButton compact />
          <DemoButton compact study="adaptive" />
          <Link prefetch={false} className="btn primary" href="/sessions/new">
            New session
          </Link>
        </div>
      </div>
      <table data-testid="sessions-table" className="sessions-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Created</th>
            <th>Configs</th>
            <th>Devices</th>
            <th className="num" title="Runs returned (not superseded); for a queued session, jobs done of all its jobs">
              Runs · jobs
            </th>
            <th className="num" title="Over its scored, current runs; n in brackets">
              Pass rate
            </th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => {
            const st = sessionState(s.counts, s.cancelled);
            return (
              <tr key={s.id} data-testid="session-row" data-session={s.id}>
                <td>
                  <Link prefetch={false} href={`/sessions/${s.id}`}>
                    {s.name}
                  </Link>{" "}
                  {s.trial && <span className="pill warn">trial</span>} {s.calibration && <CalibrationBadge />}
                </td>
                <td className="muted nowrap">{s.createdAt.replace("T", " ").slice(0, 16)} UTC</td>
                <td className="mono small" data-testid="session-configs">
                  {s.configIds.map((c, i) => (
                    <span key={c}>
                      {i > 0 && ", "}
                      <ConfigId id={c} />
                    </span>
                  ))}
                </td>
                <td className="small" data-testid="session-devices" title={devicesTitle(s.devices)}>
                  {devicesText(s.devices)}
                </td>
                <td className="num nowrap" data-testid="session-size">
                  {s.imported ? (
                    `${s.runs} run${s.runs === 1 ? "" : "s"}`
                  ) : (
                    <>
                      {s.runs} run{s.runs === 1 ? "" : "s"}
                      <br />
                      <span className="muted small">{st.jobsText}</span>
                    </>
                  )}
                </td>
                <td className="num nowrap" data-testid="session-pass-rate">
                  {passRateText(s.passed, s.scored)}
                </td>
                <td>
                  {s.imported ? (
                    <span className="pill" title="Imported from a runs.json: runs without jobs">
                      imported
                    </span>
                  ) : (
                    <span
                      className={st.kind === "finished" ? "pill pass" : st.kind === "failed" ? "pill warn" : "pill"}
                      data-testid="session-state"
                      data-state={st.kind}
                    >
                      {st.pill}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
