import "server-only";
import { z } from "zod";
import { JOB_STATES } from "@/domain/queue";

/**
 * The queue's row shapes, one schema per query, parsed by both adapters: the type a service sees
 * comes from here and nowhere else (no `as` on rows). SQLite stores booleans as 0/1 and PostgreSQL
 * as booleans; both become booleans here, in one place. Both engines' queries alias their columns
 * to these camelCase names (quoted, since PostgreSQL folds unquoted aliases to lower case).
 */
const int = z.number().int();
/** 0/1 from SQLite, true/false from PostgreSQL. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const flagOrNull = z.union([flag, z.null()]);

/** A job just leased, with what its Job needs from the session. */
export const ClaimedRow = z.object({
  id: z.string(),
  sessionId: z.string(),
  taskId: z.string(),
  taskVersion: int,
  configId: z.string(),
  configVersion: int,
  repeat: int,
  attempt: int,
  sessionName: z.string(),
  suiteId: z.string(),
  leaseSeconds: int,
});
export type ClaimedRow = z.infer<typeof ClaimedRow>;

/** A job with its session's limits, as the lease checks read it. */
export const JobLeaseRow = z.object({
  id: z.string(),
  sessionId: z.string(),
  state: z.enum(JOB_STATES),
  attempt: int,
  leaseTokenHash: z.string().nullable(),
  taskId: z.string(),
  taskVersion: int,
  configId: z.string(),
  configVersion: int,
  repeat: int,
  maxAttempts: int,
  suiteId: z.string(),
  leaseSeconds: int,
});
export type JobLeaseRow = z.infer<typeof JobLeaseRow>;

/** Who a lease token was issued to, and for which attempt. */
export const LeaseRow = z.object({ attempt: int, deviceId: z.string(), reportedDeviceId: z.string().nullable() });
export type LeaseRow = z.infer<typeof LeaseRow>;

/** The run a lease token already produced (a resent result answers with it). */
export const ExistingRunRow = z.object({ id: z.string(), superseded: flag, passed: flag, outcome: z.string() });
export type ExistingRunRow = z.infer<typeof ExistingRunRow>;

/** A live lease to end (expiry, revocation). */
export const LiveLeaseRow = z.object({ id: z.string(), attempt: int, token: z.string(), maxAttempts: int });
export type LiveLeaseRow = z.infer<typeof LiveLeaseRow>;

/** A device's last recorded poll state (issue 20.4) and whether it is paused. */
export const PollStateRow = z.object({
  pausedAt: int.nullable(),
  thermal: z.string().nullable(),
  battery: z.number().nullable(),
  charging: flagOrNull,
  at: int.nullable(),
  model: z.string().nullable(),
  app: z.string().nullable(),
  buildModel: z.string().nullable(),
  commit: z.string().nullable(),
});
export type PollStateRow = z.infer<typeof PollStateRow>;

/** Parses one row (or its absence) with its query's schema. */
export function rowOf<S extends z.ZodType>(schema: S, row: unknown): z.output<S> | undefined {
  return row === undefined || row === null ? undefined : schema.parse(row);
}

/** A device's revocation, as pinning a session checks it. */
export const RevokedRow = z.object({ id: z.string(), revokedAt: int.nullable() });
export type RevokedRow = z.infer<typeof RevokedRow>;
/** Issue 36.2: a job of an adaptive session, with its run's current score (null: none, or unscorable). */
export const AdaptiveJobRow = z.object({
  taskId: z.string(),
  configId: z.string(),
  repeat: int,
  state: z.enum(JOB_STATES),
  taskVersion: int,
  configVersion: int,
  passed: flagOrNull,
});
export type AdaptiveJobRow = z.infer<typeof AdaptiveJobRow>;
/**
 * Issue 36.2: an adaptive session's jobs in queue order with their run's current score, on either
 * engine (`?` is the session id; the PostgreSQL store numbers it).
 */
export const ADAPTIVE_JOBS = `SELECT j.task_id AS "taskId", j.config_id AS "configId", j.repeat, j.state,
        j.task_version AS "taskVersion", j.config_version AS "configVersion",
        (SELECT CASE WHEN s.unscorable IS NULL THEN s.passed END FROM scores s WHERE s.run_id = j.run_id AND s.current) AS passed
   FROM jobs j WHERE j.session_id = ? ORDER BY j.position`;
export const LastPositionRow = z.object({ p: int.nullable() });
/** Issue 36.2: an adaptive session's settings as its step reads them. */
export const AdaptiveSessionRow = z.object({
  adaptive: z.string().nullable(),
  plan: z.string().nullable(),
  settled: z.string().nullable(),
  seed: int,
  taskIds: z.string(),
  cancelledAt: int.nullable(),
});
/** Issue 36.3: whether a session has a plan, and whether it ever leased a job or received a run. */
export const PlanStateRow = z.object({ planned: flag, ran: flag });

/** A device as its bearer token finds it. */
export const DeviceAuthRow = z.object({
  id: z.string(),
  name: z.string(),
  lastSeenAt: int.nullable(),
  revokedAt: int.nullable(),
});
export type DeviceAuthRow = z.infer<typeof DeviceAuthRow>;

/** A stored suite version as the suites list reads it. */
export const SuiteListRow = z.object({
  id: z.string(),
  version: int,
  name: z.string().nullable(),
  doc: z.string(),
  isDefault: flag,
});
export type SuiteListRow = z.infer<typeof SuiteListRow>;

/** A settings row's value (the admin signing key), on both engines. */
export const SettingRow = z.object({ value: z.string() });
/** Login attempts from one address in the window, and the oldest one's time. */
export const AttemptsRow = z.object({ n: int, first: int.nullable() });
