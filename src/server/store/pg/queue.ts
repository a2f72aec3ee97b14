import "server-only";
import { sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { afterLeaseEnded } from "@/domain/queue";
import { notFound } from "../../errors";
import { ClaimedRow, ExistingRunRow, JobLeaseRow, LeaseRow, LiveLeaseRow, rowOf } from "../rows";
import type { QueueStore } from "../types";
import { pgCatalog } from "./catalog";
import { JOBS_CHANNEL } from "./listener";
import { writeRun } from "./writeRun";

/** The advisory lock of the lease sweep (any fixed 64-bit key; this is "harness-lab:sweep"), one process at a time. */
export const SWEEP_LOCK = 7_284_563_211_094_113n;

const JOB_LEASE = sql`SELECT j.id, j.session_id AS "sessionId", j.state, j.attempt, j.lease_token_hash AS "leaseTokenHash",
    j.task_id AS "taskId", j.task_version AS "taskVersion", j.config_id AS "configId", j.config_version AS "configVersion",
    j.repeat, s.max_attempts AS "maxAttempts", s.suite_id AS "suiteId", s.lease_seconds AS "leaseSeconds"
  FROM jobs j JOIN sessions s ON s.id = j.session_id`;

/**
 * The claim in one statement (one round trip, its own transaction): the next claimable job is
 * locked with `FOR UPDATE SKIP LOCKED`, so claims running at once on any number of processes each
 * lock a different row instead of queueing behind one (no job leased twice, and no claimer comes
 * back empty while an unlocked queued job remains); the lease row is written in the same statement.
 */
const CLAIM = `
WITH next AS (
  SELECT j.id FROM jobs j JOIN sessions s ON s.id = j.session_id
   WHERE j.state = 'queued'
     AND ($3::text[] IS NULL OR j.session_id = ANY($3::text[]))
     -- issue 20.4: a session pinned to devices is invisible to every other device
     AND (s.device_ids IS NULL OR s.device_ids::jsonb ? $2)
     -- issue 20.4: a paused device leases nothing, even if paused while its long-poll waited
     AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = $2 AND d.paused_at IS NOT NULL)
   ORDER BY j.session_id, j.position
   LIMIT 1
   FOR UPDATE OF j SKIP LOCKED
), claimed AS (
  UPDATE jobs SET state = 'leased', lease_token_hash = $1, leased_by = $2, updated_at = $4::bigint,
         lease_expires_at = $4::bigint + 1000 * s.lease_seconds
    FROM next, sessions s
   WHERE jobs.id = next.id AND s.id = jobs.session_id AND jobs.state = 'queued'
  RETURNING jobs.id, jobs.session_id AS "sessionId", jobs.task_id AS "taskId", jobs.task_version AS "taskVersion",
            jobs.config_id AS "configId", jobs.config_version AS "configVersion", jobs.repeat, jobs.attempt,
            s.name AS "sessionName", s.suite_id AS "suiteId", s.lease_seconds AS "leaseSeconds"
), lease AS (
  INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at, reported_device_id)
  SELECT $1, id, attempt, $2, $4::bigint, $5 FROM claimed
)
SELECT * FROM claimed`;

export function pgQueue(db: PgDb): QueueStore {
  const pool = db.$client;
  const catalog = pgCatalog(db);
  return {
    claim: async ({ deviceId, reportedDeviceId, sessions, tokenHash, now }) => {
      const r = await pool.query(CLAIM, [
        tokenHash,
        deviceId,
        sessions?.length ? sessions : null,
        now,
        reportedDeviceId,
      ]);
      return rowOf(ClaimedRow, r.rows[0]) ?? null;
    },

    expire: async (now) => {
      // Most requests find nothing expired: a plain indexed read, no transaction, no lock.
      const any = await pool.query("SELECT 1 FROM jobs WHERE state = 'leased' AND lease_expires_at <= $1 LIMIT 1", [
        now,
      ]);
      if (!any.rowCount) return 0;
      return db.transaction(async (tx) => {
        // One process sweeps at a time; the others skip, since that one ends the same leases.
        const lock = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK.toString()}::bigint) AS got`);
        if (lock.rows[0]?.got !== true) return 0;
        const expired = (
          await tx.execute(sql`SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS "maxAttempts"
              FROM jobs j JOIN sessions s ON s.id = j.session_id
             WHERE j.state = 'leased' AND j.lease_expires_at <= ${now}
               FOR UPDATE OF j SKIP LOCKED`)
        ).rows.map((row) => LiveLeaseRow.parse(row));
        let requeued = 0;
        for (const j of expired) {
          const next = afterLeaseEnded(j, "lease_expired");
          const u = await tx.execute(sql`UPDATE jobs SET state = ${next.state}, attempt = ${next.attempt},
                failure_reason = ${next.failureReason}, lease_token_hash = NULL, lease_expires_at = NULL, updated_at = ${now}
              WHERE id = ${j.id} AND state = 'leased' AND lease_token_hash = ${j.token}`);
          if (u.rowCount && next.state === "queued") requeued++;
        }
        // Delivered to every process's LISTEN connection when this commits, not before.
        if (requeued) await tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
        return expired.length;
      });
    },

    lease: async (jobId, tokenHash) => {
      const [job, lease] = await Promise.all([
        db.execute(sql`${JOB_LEASE} WHERE j.id = ${jobId}`),
        db.execute(
          sql`SELECT attempt, device_id AS "deviceId", reported_device_id AS "reportedDeviceId" FROM leases WHERE token_hash = ${tokenHash} AND job_id = ${jobId}`,
        ),
      ]);
      return { job: rowOf(JobLeaseRow, job.rows[0]), lease: rowOf(LeaseRow, lease.rows[0]) };
    },

    heartbeat: async ({ jobId, tokenHash, deviceId, expiresAt, now, turn }) => {
      const r = await pool.query(
        `WITH u AS (
           UPDATE jobs SET lease_expires_at = $1, updated_at = $2 WHERE id = $3 AND state = 'leased' AND lease_token_hash = $4
           RETURNING id
         ), d AS (
           -- The fleet page shows which turn a phone is on; a turn is only meaningful with its job.
           UPDATE devices SET current_turn = $5::int, current_turn_job = $3
            WHERE id = $6 AND $5::int IS NOT NULL AND EXISTS (SELECT 1 FROM u)
         )
         SELECT COUNT(*) AS n FROM u`,
        [expiresAt, now, jobId, tokenHash, turn ?? null, deviceId],
      );
      return r.rows[0]?.n === 1;
    },

    fail: async ({ jobId, tokenHash, next, detail, now }) => {
      // The notification is sent by the same statement, so it is delivered only if the update commits.
      const r = await pool.query(
        `WITH u AS (
           UPDATE jobs SET state = $1, attempt = $2, failure_reason = $3, failure_detail = $4, lease_token_hash = NULL,
                  lease_expires_at = NULL, updated_at = $5
            WHERE id = $6 AND state = 'leased' AND lease_token_hash = $7
           RETURNING state
         ), n AS (SELECT pg_notify($8, '') FROM u WHERE state = 'queued')
         SELECT (SELECT COUNT(*) FROM u) AS changed, (SELECT COUNT(*) FROM n) AS notified`,
        [next.state, next.attempt, next.failureReason, detail, now, jobId, tokenHash, JOBS_CHANNEL],
      );
      return r.rows[0]?.changed === 1;
    },

    submit: (jobId, tokenHash, decide) =>
      db.transaction(async (tx) => {
        // The job row stays locked to the commit: a copy of this result arriving at another
        // process waits here, then finds this run and answers 200 with its id (never a second run).
        const job = rowOf(
          JobLeaseRow,
          (await tx.execute(sql`${JOB_LEASE} WHERE j.id = ${jobId} FOR UPDATE OF j`)).rows[0],
        );
        if (!job) throw notFound("job", jobId);
        const lease = rowOf(
          LeaseRow,
          (
            await tx.execute(
              sql`SELECT attempt, device_id AS "deviceId", reported_device_id AS "reportedDeviceId" FROM leases WHERE token_hash = ${tokenHash} AND job_id = ${jobId}`,
            )
          ).rows[0],
        );
        const existing = rowOf(
          ExistingRunRow,
          (
            await tx.execute(sql`SELECT r.id, r.superseded, s.passed, s.outcome
                FROM runs r JOIN scores s ON s.run_id = r.id AND s.current WHERE r.lease_token_hash = ${tokenHash}`)
          ).rows[0],
        );
        const plan = decide({ job, lease, existing });
        if (plan.write) await writeRun(tx, plan.write);
        return plan.outcome;
      }),

    task: catalog.task,
    config: catalog.config,
  };
}
