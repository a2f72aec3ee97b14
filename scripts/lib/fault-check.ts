/**
 * What must hold after the server was killed and restarted under load (protocol.md §1): every
 * job completed exactly once as far as analytics can tell, every run a phone was told was
 * stored (201, or 200 for a retried submit) is stored with its raw trace and a current score,
 * no lease left behind, and an intact database. Checked through the API while the server runs,
 * then in the database itself (the SQLite file, or PostgreSQL) after a clean stop.
 */
import Database from "better-sqlite3";
import pg from "pg";
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
  /** Where the rows are: the SQLite file, or the PostgreSQL database. */
  store: { dbPath: string } | { databaseUrl: string };
  /** Stops the server cleanly before the stored rows are read. */
  stop: () => Promise<void>;
}

type Counted = Pick<
  FaultFigures,
  "jobs" | "acknowledged" | "duplicates200" | "stored" | "superseded" | "abandoned" | "maxAttempt"
>;

/** What the phones were told: every submitted trace's run id (201, or 200 for a retried submit), and what went wrong on a phone. */
export function checkPhones(
  summaries: JobSummary[],
  phoneErrors: string[],
): { ack: Map<string, JobSummary>; duplicates200: number; violations: string[] } {
  const v: string[] = [...phoneErrors];
  const ack = new Map<string, JobSummary>();
  let duplicates200 = 0;
  for (const s of summaries) {
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
  return { ack, duplicates200, violations: v };
}

/** What the dashboard shows through its API: the session, its configs and the analytics all count `jobs` runs. */
export async function checkDashboard(base: string, sessionId: string, jobs: number): Promise<string[]> {
  const v: string[] = [];
  const get = async (p: string) => (await fetch(base + p)).json();
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
  return v;
}

/** A job as the database holds it, with its non-superseded runs (`live`, `liveId` when there is one). */
export interface StoredJob {
  id: string;
  state: string;
  attempt: number;
  runId: string | null;
  live: number;
  liveId: string | null;
}
export interface StoredRun {
  id: string;
  superseded: boolean;
  traces: number;
  scores: number;
}

/** Either engine's rows: every job completed with exactly one live run, every acknowledged run stored with its trace and score, nothing stored that no phone was told. */
export function checkStored(
  jobs: number,
  jobRows: StoredJob[],
  runs: StoredRun[],
  ack: Map<string, JobSummary>,
): string[] {
  const v: string[] = [];
  const byState = new Map<string, number>();
  for (const j of jobRows) byState.set(j.state, (byState.get(j.state) ?? 0) + 1);
  if (jobRows.length !== jobs || jobRows.some((j) => j.state !== "completed"))
    v.push(`jobs table: ${[...byState].map(([s, n]) => `${n} ${s}`).join(", ")}; expected ${jobs} completed`);
  for (const j of jobRows) {
    if (j.live !== 1) v.push(`job ${j.id} has ${j.live} non-superseded runs`);
    else if (j.runId !== j.liveId)
      v.push(`job ${j.id} points at run ${j.runId} but its non-superseded run is ${j.liveId}`);
  }
  const byId = new Map(runs.map((r) => [r.id, r]));
  for (const [runId, s] of ack) {
    const r = byId.get(runId);
    if (!r) v.push(`run ${runId} (${s.jobId}, attempt ${s.attempt}, ${s.deviceId}) was acknowledged but is not stored`);
    else if (r.traces !== 1 || r.scores !== 1)
      v.push(`run ${runId} has ${r.traces} traces and ${r.scores} current scores`);
    else if (r.superseded !== !!s.response?.superseded)
      v.push(`run ${runId}: the reply said superseded=${s.response?.superseded}, stored ${r.superseded}`);
  }
  for (const r of runs) if (!ack.has(r.id)) v.push(`run ${r.id} is stored but no phone was told about it`);
  return v;
}

/** The stored figures both engines report. */
export function storedFigures(
  jobRows: StoredJob[],
  runs: StoredRun[],
  summaries: JobSummary[],
): Pick<FaultFigures, "jobs" | "stored" | "superseded" | "abandoned" | "maxAttempt"> {
  return {
    jobs: jobRows.length,
    stored: runs.length,
    superseded: runs.filter((r) => r.superseded).length,
    abandoned: summaries.filter((s) => s.status === "abandoned").length,
    maxAttempt: Math.max(0, ...jobRows.map((j) => j.attempt)),
  };
}

/** The job and run rows of a session, in SQL both engines run (booleans are 0/1 on SQLite; COUNT is a bigint, so a string, on PostgreSQL). */
export function storedRowsSql(engine: "sqlite" | "postgres") {
  const pg = engine === "postgres";
  const [no, yes, p, int] = pg ? ["false", "true", "$1", "::int"] : ["0", "1", "?", ""];
  return {
    jobs: `SELECT j.id, j.state, j.attempt, j.run_id AS "runId",
                  (SELECT COUNT(*) FROM runs r WHERE r.job_id = j.id AND r.superseded = ${no})${int} AS live,
                  (SELECT r.id FROM runs r WHERE r.job_id = j.id AND r.superseded = ${no} LIMIT 1) AS "liveId"
             FROM jobs j WHERE j.session_id = ${p}`,
    runs: `SELECT r.id, r.superseded, (SELECT COUNT(*) FROM traces t WHERE t.run_id = r.id)${int} AS traces,
                  (SELECT COUNT(*) FROM scores s WHERE s.run_id = r.id AND s.current = ${yes})${int} AS scores
             FROM runs r WHERE r.session_id = ${p}`,
  };
}

/** The session's job and run rows and the engine's own integrity checks, read after a clean stop. */
interface StoredRows {
  jobRows: StoredJob[];
  runs: StoredRun[];
  integrity: string[];
}

function readSqlite(dbPath: string, sessionId: string): StoredRows {
  const db = new Database(dbPath, { readonly: true });
  try {
    const q = storedRowsSql("sqlite");
    const jobRows = db.prepare(q.jobs).all(sessionId) as StoredJob[];
    const runs = (db.prepare(q.runs).all(sessionId) as (Omit<StoredRun, "superseded"> & { superseded: number })[]).map(
      (r) => ({ ...r, superseded: !!r.superseded }),
    );
    const integrity: string[] = [];
    const ok = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    if (ok !== "ok") integrity.push(`PRAGMA integrity_check: ${ok}`);
    const fk = db.pragma("foreign_key_check") as unknown[];
    if (fk.length) integrity.push(`PRAGMA foreign_key_check: ${fk.length} rows: ${JSON.stringify(fk.slice(0, 3))}`);
    return { jobRows, runs, integrity };
  } finally {
    db.close();
  }
}

/** The session's rows on PostgreSQL, through an open client. It enforces its constraints on every commit, so there is no file-level check to add. */
export async function readStoredPostgres(db: pg.Client, sessionId: string): Promise<StoredRows> {
  const q = storedRowsSql("postgres");
  const jobRows = (await db.query<StoredJob>(q.jobs, [sessionId])).rows;
  const runs = (await db.query<StoredRun>(q.runs, [sessionId])).rows;
  return { jobRows, runs, integrity: [] };
}

async function readPostgres(url: string, sessionId: string): Promise<StoredRows> {
  const db = new pg.Client(url);
  await db.connect();
  try {
    return await readStoredPostgres(db, sessionId);
  } finally {
    await db.end();
  }
}

export async function checkAfterFaults(input: CheckInput): Promise<{ figures: Counted; violations: string[] }> {
  const { jobs, sessionId } = input;
  const phones = checkPhones(input.summaries, input.phoneErrors);
  const v = [...phones.violations, ...(await checkDashboard(input.base, sessionId, jobs))];

  // What is stored, read once the server has stopped cleanly.
  await input.stop();
  const { jobRows, runs, integrity } =
    "databaseUrl" in input.store
      ? await readPostgres(input.store.databaseUrl, sessionId)
      : readSqlite(input.store.dbPath, sessionId);
  v.push(...checkStored(jobs, jobRows, runs, phones.ack), ...integrity);
  return {
    violations: v,
    figures: {
      ...storedFigures(jobRows, runs, input.summaries),
      acknowledged: phones.ack.size,
      duplicates200: phones.duplicates200,
    },
  };
}

/** The figures as the script prints them and docs/reliability.md quotes them. */
export function formatFigures(
  f: FaultFigures,
  kills = "SIGKILL of the process group, restarted on the same database and port",
): string {
  return [
    `jobs ${f.jobs}, phones ${f.phones}, kills ${f.kills} (${kills})`,
    `traces acknowledged: ${f.acknowledged} (of which answered 200 to a retried submit that had been committed: ${f.duplicates200}); stored: ${f.stored} (superseded ${f.superseded})`,
    `runs abandoned on lease_lost: ${f.abandoned}; highest attempt: ${f.maxAttempt}`,
    `phone retries: ${f.retries}; 5xx seen: ${f.fiveXX}; connection errors: ${f.networkErrors}; wall time ${(f.wallMs / 1000).toFixed(1)} s`,
  ].join("\n");
}
