import Link from "next/link";
import { getContext } from "@/server/context";
import { listSessions } from "@/server/sessions/listSessions";
import { sessionProgress } from "@/domain/queue";
import { DemoButton } from "@/components/DemoButton";

export const dynamic = "force-dynamic";

export default function SessionsPage() {
  const sessions = listSessions(getContext());
  if (!sessions.length) {
    return (
      <div className="panel empty" data-testid="sessions-empty">
        <h2>No sessions yet</h2>
        <p className="muted">A session runs tasks × harness configs × repeats on your phones and scores every run.</p>
        <ol>
          <li>
            <Link href="/devices">Pair a phone</Link>: create a device token and enter it in the phone app.
          </li>
          <li>
            <Link href="/sessions/new">Queue a session</Link>: pick tasks, configs and repeats.
          </li>
          <li>Watch runs arrive on the session page as the phone works through the queue.</li>
        </ol>
        <p className="muted">No phone at hand? Run a small demo session on three simulated phones:</p>
        <DemoButton />
      </div>
    );
  }
  return (
    <>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <div>
          <h1>Sessions</h1>
          <p className="sub">Newest first. A trial session is a single-repeat dry run, kept out of analytics.</p>
        </div>
        <div className="row">
          <DemoButton compact />
          <Link className="btn primary" href="/sessions/new">
            New session
          </Link>
        </div>
      </div>
      <table data-testid="sessions-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Created</th>
            <th className="num">Jobs</th>
            <th className="num">Done</th>
            <th className="num">Running</th>
            <th className="num">Failed</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => {
            const p = sessionProgress(s.counts, null, 0);
            return (
              <tr key={s.id}>
                <td>
                  <Link href={`/sessions/${s.id}`}>{s.name}</Link> {s.trial && <span className="pill warn">trial</span>}
                </td>
                <td className="muted">{s.createdAt.replace("T", " ").slice(0, 16)} UTC</td>
                <td className="num">{p.total}</td>
                <td className="num">{s.counts.completed}</td>
                <td className="num">{s.counts.leased}</td>
                <td className="num">{s.counts.failed}</td>
                <td>
                  {s.cancelled ? (
                    <span className="pill">cancelled</span>
                  ) : p.done === p.total ? (
                    <span className="pill pass">finished</span>
                  ) : (
                    <span className="pill">{Math.round(p.fraction * 100)}%</span>
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
