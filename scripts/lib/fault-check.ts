/**
 * What must hold after the server was killed and restarted under load (protocol.md §1): every
 * job completed exactly once as far as analytics can tell, every run a phone was told was
 * stored (201, or 200 for a retried submit) is stored with its raw trace and a current score,
 * no lease left behind, and an intact database. Checked through the API while the server runs,
 * then in the database file itself after a clean stop.
 */
import Database from "better-sqlite3";
import type { JobSummary } from "../../src/sim/device";

export interface FaultFigures {
  jobs: number;
  phones: number;
  kills: number;
  /** Distinct run ids the phones were given (201, or 200 for a retried submit). */
  acknowledged: number;
  /** Submits retried after a kill whose first try had been committed: answered 200 with the same run. */
  duplicates200: number;
  /** Runs in the database for the session (including superseded ones). */
  stored: number;
  superseded: number;
  /** Runs a phone played out but gave up on because its lease was gone (409 on heartbeat). */
  abandoned: number;
  /** Highest attempt number any job reached. */
  maxAttempt: number;
  retries: number;
  fiveXX: number;
  networkErrors: number;
  wallMs: number;
}

export interface CheckInput {
  base: string;
  sessionId: string;
  jobs: number;
  summaries: JobSummary[];
  phoneErrors: string[];
  dbPath: string;
  /** Stops the server cleanly before the database file is read. */
  stop: () => Promise<void>;
}

type Counted = Pick<
  FaultFigures,
  "jobs" | "acknowledged" | "duplicates200" | "stored" | "superseded" | "abandoned" | "maxAttempt"
>;

export async function checkAfterFaults(input: CheckInput): Promise<{ figures: Counted; violations: string[] }> {
  const v: string[] = [...input.phoneErrors];
  const { jobs, sessionId } = input;

  // What the phones were told.
  const ack = new Map<string, JobSummary>();
  let duplicates200 = 0;
  for (const s of input.summaries) {
    if (s.status === "rejected") v.push(`${s.deviceId}: a finished trace for ${s.jobId} was refused: ${s.detail}`);
    if (s.status === "abandoned" && s.httpStatus === 409)
      v.push(`${s.deviceId}: a finished trace for ${s.jobId} got 409 lease_lost, so it was dropped`);
    if (s.status !== "submitted") continue;
    const runId = s.response?.runId;
    if (!runId) {
      v.push(`${s.deviceId}: submitted ${s.jobId} but got no run id (HTTP ${s.httpStatus})`);
      continue;
    }
    if (s.httpStatus === 200) duplicates200++;
    else if (ack.has(runId)) v.push(`run ${runId} was answered 201 twice`);
    ack.set(runId, s);
  }
  const acknowledged = ack.size;

  // What the dashboard shows.
  const get = async (p: string) => (await fetch(input.base + p)).json();
  const ses = (await get(`/api/sessions/${sessionId}`)) as {
    session: { counts: Record<string, number> };
    configs: { runs: number }[];
  };
  const c = ses.session.counts;
  if (c.completed !== jobs || c.queued || c.leased || c.failed || c.cancelled)
    v.push(`session counts are ${JSON.stringify(c)}, expected all ${jobs} completed`);
  const sessionRuns = ses.configs.reduce((n, r) => n + r.runs, 0);
  if (sessionRuns !== jobs)
    v.push(`/api/sessions/${sessionId} counts ${sessionRuns} runs over its configs, expected ${jobs}`);
  const an = (await get(`/api/analytics/configs?session=${sessionId}`)) as { configs: { runs: number }[] };
  const analyticsRuns = an.configs.reduce((n, r) => n + r.runs, 0);
  if (analyticsRuns !== jobs) v.push(`/api/analytics/configs counts ${analyticsRuns} runs, expected ${jobs}`);

  // What is in the file.
  await input.stop();
  const db = new Database(input.dbPath, { readonly: true });
  try {
    const states = db
      .prepare("SELECT state, COUNT(*) AS n, MAX(attempt) AS a FROM jobs WHERE session_id = ? GROUP BY state")
      .all(sessionId) as { state: string; n: number; a: number }[];
    const total = states.reduce((n, s) => n + s.n, 0);
    if (total !== jobs || states.some((s) => s.state !== "completed"))
      v.push(`jobs table: ${states.map((s) => `${s.n} ${s.state}`).join(", ")}; expected ${jobs} completed`);
    const notOnce = db
      .prepare(
        `SELECT j.id, j.run_id AS runId, (SELECT COUNT(*) FROM runs r WHERE r.job_id = j.id AND r.superseded = 0) AS live,
                (SELECT r.id FROM runs r WHERE r.job_id = j.id AND r.superseded = 0) AS liveId
           FROM jobs j WHERE j.session_id = ?`,
      )
      .all(sessionId) as { id: string; runId: string | null; live: number; liveId: string | null }[];
    for (const j of notOnce) {
      if (j.live !== 1) v.push(`job ${j.id} has ${j.live} non-superseded runs`);
      else if (j.runId !== j.liveId)
        v.push(`job ${j.id} points at run ${j.runId} but its non-superseded run is ${j.liveId}`);
    }
    const runs = db
      .prepare(
        `SELECT r.id, r.superseded, (SELECT COUNT(*) FROM traces t WHERE t.run_id = r.id) AS traces,
                (SELECT COUNT(*) FROM scores s WHERE s.run_id = r.id AND s.current = 1) AS scores
           FROM runs r WHERE r.session_id = ?`,
      )
      .all(sessionId) as { id: string; superseded: number; traces: number; scores: number }[];
    const byId = new Map(runs.map((r) => [r.id, r]));
    for (const [runId, s] of ack) {
      const r = byId.get(runId);
      if (!r)
        v.push(`run ${runId} (${s.jobId}, attempt ${s.attempt}, ${s.deviceId}) was acknowledged but is not stored`);
      else if (r.traces !== 1 || r.scores !== 1)
        v.push(`run ${runId} has ${r.traces} traces and ${r.scores} current scores`);
      else if (!!r.superseded !== !!s.response?.superseded)
        v.push(`run ${runId}: the reply said superseded=${s.response?.superseded}, stored ${!!r.superseded}`);
    }
    for (const r of runs) if (!ack.has(r.id)) v.push(`run ${r.id} is stored but no phone was told about it`);
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join("; ");
    if (integrity !== "ok") v.push(`PRAGMA integrity_check: ${integrity}`);
    const fk = db.pragma("foreign_key_check") as unknown[];
    if (fk.length) v.push(`PRAGMA foreign_key_check: ${fk.length} rows: ${JSON.stringify(fk.slice(0, 3))}`);
    return {
      violations: v,
      figures: {
        jobs: total,
        acknowledged,
        duplicates200,
        stored: runs.length,
        superseded: runs.filter((r) => r.superseded).length,
        abandoned: input.summaries.filter((s) => s.status === "abandoned").length,
        maxAttempt: Math.max(0, ...states.map((s) => s.a)),
      },
    };
  } finally {
    db.close();
  }
}

/** The figures as the script prints them and docs/reliability.md quotes them. */
export function formatFigures(f: FaultFigures): string {
  return [
    `jobs ${f.jobs}, phones ${f.phones}, kills ${f.kills} (SIGKILL of the process group, restarted on the same database and port)`,
    `traces acknowledged: ${f.acknowledged} (of which answered 200 to a retried submit that had been committed: ${f.duplicates200}); stored: ${f.stored} (superseded ${f.superseded})`,
    `runs abandoned on lease_lost: ${f.abandoned}; highest attempt: ${f.maxAttempt}`,
    `phone retries: ${f.retries}; 5xx seen: ${f.fiveXX}; connection errors: ${f.networkErrors}; wall time ${(f.wallMs / 1000).toFixed(1)} s`,
  ].join("\n");
}
