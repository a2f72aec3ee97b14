import "server-only";
import type { AdaptiveJobRow } from "./rows";
import type { ResultResponse, Trace } from "@/domain/protocol";
import type { LeaseEnd, RunRow } from "@/domain/queue";
import type { RunScore } from "@/domain/scoring/types";
import type { Config, Suite, Task } from "@/domain/suite/schema";
import type { SqlDoor, SqlRunner } from "./sql";
import type {
  ClaimedRow,
  DeviceAuthRow,
  ExistingRunRow,
  JobLeaseRow,
  LeaseRow,
  PollStateRow,
  SuiteListRow,
} from "./rows";

/**
 * The storage interface, grouped by aggregate (ADR 9): the one door to the data. Services hold the
 * rules and read through `sql` (rows) and `facts()` (the analytics' summaries), and write through
 * the aggregates; nothing above src/server/store reaches a driver or db/. Each engine has one
 * adapter (src/server/store/sqlite, src/server/store/pg). Every method is async so one service
 * runs on both; the SQLite adapter's bodies stay synchronous inside their transactions.
 */
export interface Store {
  engine: "sqlite" | "postgres";
  /** PostgreSQL: the database's URL (a scoring worker opens its own connection); absent on SQLite. */
  url?: string;
  /** SQLite: the database file (a scoring worker opens its own read-only connection); absent on PostgreSQL. */
  file?: string;
  queue: QueueStore;
  sessions: SessionStore;
  devices: DeviceStore;
  suites: SuiteStore;
  runs: RunStore;
  export: ExportStore;
  access: AccessStore;
  /**
   * Runs `fn` while holding the lock `name` across every process on this database (PostgreSQL: a
   * session advisory lock on one pooled connection; SQLite: one process, so calls take turns in it).
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Hand-written SQL on this engine (src/server/store/sql.ts): rows, now or all from one snapshot
   * (`sql.snapshot`).
   */
  sql: SqlDoor;
  /**
   * The runner for statements that read only the analytics summaries (`run_facts`, `turn_facts`,
   * and `turns` joined to `run_facts`): on either engine the columnar mirror when it has caught up
   * with every commit (src/server/store/columnar, ADR 12), else `sql`. Same numbers.
   */
  facts(): Promise<SqlRunner>;
  /** Closes the pool and the LISTEN connection (PostgreSQL), or the database file (SQLite). */
  close(): Promise<void>;
}

export interface ClaimInput {
  deviceId: string;
  /** The poll's `device.id`, kept on the lease so a result from another phone is flagged (issue 34.2). */
  reportedDeviceId: string;
  /** v1.1 poll `sessions`: only these sessions' jobs (undefined: any session). */
  sessions?: string[];
  tokenHash: string;
  now: number;
}

/** What a heartbeat writes: the lease's new expiry and the phone's turn (issue 20.4). */
export interface HeartbeatInput {
  jobId: string;
  tokenHash: string;
  deviceId: string;
  expiresAt: number;
  now: number;
  turn?: number;
}

export interface FailInput {
  jobId: string;
  tokenHash: string;
  /** The job's next state; its failureReason is stored only when the job fails for good. */
  next: LeaseEnd;
  detail: string | null;
  now: number;
}

/** The rows a submit decides on, read inside its write with the job row locked. */
export interface SubmitState {
  job: JobLeaseRow;
  lease: LeaseRow | undefined;
  existing: ExistingRunRow | undefined;
}

export type SubmitOutcome = { status: 200 | 201; body: ResultResponse };

/** A new run and everything stored with it, in one transaction. */
export interface RunWrite {
  run: RunRow;
  rawBody: string;
  turns: Trace["turns"];
  score: RunScore;
  /** The job is completed by this run (false for a superseded one). */
  completesJob: boolean;
}

/** What the service's rules decided for a submit: answer only, or write a run and answer. */
export type SubmitPlan = { outcome: SubmitOutcome; write?: RunWrite };

export interface QueueStore {
  /** Leases the next claimable job to the device, or null: no job is ever leased twice. */
  claim(input: ClaimInput): Promise<ClaimedRow | null>;
  /** Ends every lease expired at `now` (re-queued or failed per `afterLeaseEnded`); how many ended. */
  expire(now: number): Promise<number>;
  /** A job (undefined if unknown) and the lease the token hash names on it. */
  lease(jobId: string, tokenHash: string): Promise<{ job: JobLeaseRow | undefined; lease: LeaseRow | undefined }>;
  /** Extends the lease if still current; false when it is not. */
  heartbeat(input: HeartbeatInput): Promise<boolean>;
  /** Ends the current lease with `next`; false when it is not current. A re-queued job wakes pollers. */
  fail(input: FailInput): Promise<boolean>;
  /**
   * Reads the job (locked), its lease and any run of this token, asks `decide` (synchronous, pure
   * rules; it may throw to write nothing) and writes its plan, all in one transaction.
   */
  submit(jobId: string, tokenHash: string, decide: (state: SubmitState) => SubmitPlan): Promise<SubmitOutcome>;
  /** Stored task and config versions (they never change, so adapters cache them). */
  task(suiteId: string, taskId: string, version: number): Promise<Task>;
  config(suiteId: string, configId: string, version: number): Promise<Config>;
}

export interface PollStateWrite {
  thermal: string;
  battery: number | null;
  charging: boolean | null;
  model: string;
  app: string;
  buildModel: string;
  commit: string;
}

/** The devices aggregate: pairing, authentication, pause and revocation, and what a poll records. */
export interface DeviceStore {
  pollState(deviceId: string): Promise<PollStateRow | undefined>;
  savePollState(deviceId: string, state: PollStateWrite, now: number): Promise<void>;
  /** The device a token hash names, revoked or not; undefined when none does. */
  byToken(tokenHash: string): Promise<DeviceAuthRow | undefined>;
  /** Records that the device was seen at `now`. */
  seen(id: string, now: number): Promise<void>;
  create(device: { id: string; name: string; tokenHash: string; createdAt: number }): Promise<void>;
  exists(id: string): Promise<boolean>;
  /** Pauses (from `now`, once) or resumes the device; a resume wakes its waiting polls on every process. */
  setPaused(id: string, paused: boolean, now: number): Promise<void>;
  /**
   * Revokes the token and ends the device's live leases (re-queued, or failed once their attempts
   * are used) in one transaction; how many jobs went back to the queue (their pollers are woken).
   */
  revoke(id: string, now: number): Promise<number>;
}

/** A validated suite version as stored: its document and the content hashes of it, its tasks and configs. */
export interface SuiteWrite {
  suite: Suite;
  contentHash: string;
  taskHashes: string[];
  configHashes: string[];
  isDefault: boolean;
  loadedAt: number;
}

/** The suites aggregate: stored suite versions with their task and config versions. */
export interface SuiteStore {
  /** Every stored version of a suite (validation refuses a changed task without a version bump). */
  versions(id: string): Promise<Suite[]>;
  /** Stores the version (a no-op when stored already; the default flag moves either way); whether it was new. */
  save(write: SuiteWrite): Promise<boolean>;
  /** Every stored version, by id and newest version first. */
  list(): Promise<SuiteListRow[]>;
  /** The newest stored version of a task, or null (rescoring uses it). */
  newestTask(suiteId: string, taskId: string): Promise<Task | null>;
}

/** One new current score of a run (a rescore, a rebuild). */
export interface ScoreWrite {
  runId: string;
  taskVersion: number;
  score: RunScore;
  createdAt: number;
}

/** The runs aggregate's writes after ingestion: new scores, rebuilt turns and summaries. */
export interface RunStore {
  /** Retires the current score of each run and stores the new ones as current, in one transaction. */
  rescore(scores: ScoreWrite[]): Promise<void>;
  /** Stores the missing derived rows (a score, turns) of runs rebuilt from their raw traces, in one transaction. */
  rebuild(rows: { score?: ScoreWrite; turns?: { runId: string; turns: Trace["turns"] } }[]): Promise<void>;
  /**
   * Recomputes every analytics summary row (`run_facts`, `turn_facts`; ADR 10) from the raw tables
   * in one transaction, so readers see the old rows or the new ones; how many `run_facts` rows.
   */
  rebuildSummaries(): Promise<number>;
}

/** The export aggregate: long ordered reads that must neither hold the shared connection nor grow memory. */
/** An imported session and its runs (src/server/export/importRuns.ts builds them). */
export interface ImportWrite {
  session: {
    id: string;
    name: string;
    trial: boolean;
    repeats: number;
    notes: string;
    taskIds: string[];
    configIds: string[];
    createdAt: number;
  };
  /** Each run's row (`runs` columns, camelCase; no job, no lease), its stored record, its score and its turns. */
  runs: {
    /** A device run's row without what only a lease gives (job, session, token) and the v1.1 fields runs.json lacks. */
    run: Omit<
      RunWrite["run"],
      | "jobId"
      | "sessionId"
      | "leaseTokenHash"
      | "toolsDropped"
      | "loadCachedTokens"
      | "tokenDeviceId"
      | "deviceMismatch"
    >;
    body: string;
    /** `scores` columns (camelCase), current; JSON columns as text. */
    score: {
      passed: boolean;
      outcome: string;
      outcomeReason: string;
      endReason: string;
      looping: boolean;
      repatches: number;
      milestonesReached: number;
      milestonesTotal: number;
      toolCalls: number;
      failedToolCalls: number;
      turnCount: number;
      firstTtftMs: number | null;
      medianTurnMs: number | null;
      loadMs: number;
      startupTokens: number;
      peakContextTokens: number;
      outputTokens: number;
      checks: string;
      progress: string;
      metrics: string;
    };
    turns: TurnTimes[];
  }[];
}

/** The numbers of a turn the `turns` table keeps. */
export type TurnTimes = Pick<
  Trace["turns"][number],
  "promptTokens" | "contextTokens" | "ttftMs" | "outputTokens" | "decodeMs"
>;

/** A session an import created, as its answer names it. */
export interface ImportedSession {
  id: string;
  name: string;
  runs: number;
}

export interface ExportStore {
  /**
   * Stores imported sessions, all or nothing, in one transaction; a run id already taken is
   * replaced by `freshRunId()`. The sessions are created with suite "imported" and no jobs, and
   * keep `importKey`. When sessions already hold `importKey` nothing is stored and those are
   * returned (oldest first); the check and the write are one serialized step on both engines, so
   * two identical imports at once store once. Returns null when the sessions were stored.
   */
  importSessions(
    sessions: ImportWrite[],
    freshRunId: () => string,
    importKey: string,
  ): Promise<ImportedSession[] | null>;
  /**
   * The rows of `select` in one read-only snapshot, in batches of at most `batch` rows, for an
   * export: a cursor on PostgreSQL, a read connection of its own on SQLite; memory stays flat.
   */
  stream(text: string, params: readonly unknown[], batch?: number): AsyncGenerator<unknown[]>;
}

/** A new session's row (db/schema sessions), as createSession builds it. */
export interface NewSession {
  id: string;
  name: string;
  suiteId: string;
  suiteVersion: number;
  trial: boolean;
  /** An A/A calibration: one config, an even number of repeats, arms by repeat parity. */
  calibration: boolean;
  jobOrder: string;
  seed: number;
  repeats: number;
  leaseSeconds: number;
  maxAttempts: number;
  notes: string | null;
  taskIds: string[];
  configIds: string[];
  createdAt: number;
  /** issue 20.4: pinned to these devices (null: any device) */
  deviceIds: string[] | null;
  /** Issue 36.3: the pre-registered plan's canonical JSON and its SHA-256 (null: none yet). */
  plan: string | null;
  planSha256: string | null;
  /** Issue 36.2: adaptive repeats as JSON {minRepeats, maxRepeats}; null for a fixed design. */
  adaptive: string | null;
}

/** A queued job of a new session, in its position. */
export interface NewJob {
  id: string;
  position: number;
  taskId: string;
  taskVersion: number;
  configId: string;
  configVersion: number;
  repeat: number;
  /** Issue 36.2: why an adaptive session queued it; null otherwise. */
  queueReason?: string | null;
}

/** Issue 36.2: what an adaptive session's step reads, inside its transaction (session row locked). */
export interface AdaptiveRows {
  adaptive: string;
  plan: string | null;
  settled: string | null;
  seed: number;
  taskIds: string;
  cancelled: boolean;
  jobs: AdaptiveJobRow[];
}

/** The jobs the step appends (positions after the last) and the settled list to store. */
export interface AdaptiveWrite {
  settled: string | null;
  jobs: Omit<NewJob, "position">[];
}

/** The sessions aggregate's writes (create, cancel) and what creating one reads. */
export interface SessionStore {
  /** A suite by id (its newest version), or the default suite; a ServiceError sentence when there is none. */
  resolveSuite(id?: string): Promise<Suite>;
  /** Each known device's revocation time (null: not revoked); unknown ids are absent. */
  revokedAt(deviceIds: string[]): Promise<Map<string, number | null>>;
  /** The session and its jobs in one transaction; waiting polls (on every process) are woken at commit. */
  create(session: NewSession, jobs: NewJob[]): Promise<void>;
  /** Cancels the session's queued and leased jobs; how many, or null when there is no such session. */
  cancel(id: string, now: number): Promise<number | null>;
  /**
   * Issue 36.3: saves a plan on a session that has none and has never leased a job nor received a
   * run, atomically; otherwise says why not.
   */
  savePlan(id: string, plan: string, sha256: string): Promise<"saved" | "not_found" | "has_plan" | "has_runs">;
  /**
   * Issue 36.2: one step of an adaptive session's repeat rule, in one transaction: reads its rows,
   * asks `decide` (synchronous, pure), appends the jobs it queues and stores the settled list; the
   * number of jobs queued (waiting polls are woken when above 0), or null when the session is not adaptive.
   */
  advanceAdaptive(
    id: string,
    now: number,
    decide: (rows: AdaptiveRows) => AdaptiveWrite | null,
  ): Promise<number | null>;
}

/** The admin login's shared state (issue 18.3): every process on the database sees the same. */
export interface AccessStore {
  /** The value stored under `key`, storing `value` first when there is none (the first process's wins). */
  claimSetting(key: string, value: string): Promise<string>;
  /**
   * Records a login attempt from `address` unless it already made `max` in the window ending at
   * `now`; attempts older than the window are forgotten. Atomic across processes.
   */
  attempt(
    address: string,
    now: number,
    max: number,
    windowMs: number,
  ): Promise<{ allowed: boolean; retryAfterMs: number }>;
  logout(sessionId: string, expiresAt: number, now: number): Promise<void>;
  loggedOut(sessionId: string): Promise<boolean>;
}
