import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { groupCommit } from "./groupCommit";
import { notFound } from "../../errors";
import { getConfig, getTask } from "./catalog";
import { ClaimedRow, ExistingRunRow, JobLeaseRow, LeaseRow, LiveLeaseRow, rowOf } from "../rows";
import type { ClaimInput, QueueStore, SubmitPlan, SubmitState } from "../types";
import { endLeases } from "./endLeases";
import { writeRun } from "./writeRun";

/** The claim's own columns; the session's come from a second read in the same transaction. */
const ClaimedJob = ClaimedRow.omit({ sessionName: true, suiteId: true, leaseSeconds: true });

/**
 * The queue on SQLite: the synchronous statements of ADR 1 and ADR 4, unchanged, behind the async
 * interface. Claims and submits run in the group commit (one fsync for writes arriving together);
 * the single writer is what makes the claim's conditional UPDATE exclusive.
 */
export function sqliteQueue(ctx: DbCtx): QueueStore {
  return {
    claim: (input) => groupCommit(ctx.drizzle.$client, () => claimRow(ctx, input) ?? null),
    expire: async (now) => expire(ctx, now),
    lease: async (jobId, tokenHash) => ({ job: loadJob(ctx, jobId), lease: loadLeaseRow(ctx, jobId, tokenHash) }),
    heartbeat: async ({ jobId, tokenHash, deviceId, expiresAt, now, turn }) => {
      const changed = stmt(
        ctx,
        "UPDATE jobs SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND state = 'leased' AND lease_token_hash = ?",
      ).run(expiresAt, now, jobId, tokenHash).changes;
      if (!changed) return false;
      // The fleet page shows which turn a phone is on; a turn is only meaningful with its job.
      if (turn !== undefined)
        stmt(ctx, "UPDATE devices SET current_turn = ?, current_turn_job = ? WHERE id = ?").run(turn, jobId, deviceId);
      return true;
    },
    fail: async ({ jobId, tokenHash, next, detail, now }) => {
      const changed = stmt(
        ctx,
        `UPDATE jobs SET state = ?, attempt = ?, failure_reason = ?, failure_detail = ?, lease_token_hash = NULL,
              lease_expires_at = NULL, updated_at = ?
        WHERE id = ? AND state = 'leased' AND lease_token_hash = ?`,
      ).run(next.state, next.attempt, next.failureReason, detail, now, jobId, tokenHash).changes;
      if (changed && next.state === "queued") ctx.events.emit("jobs");
      return changed > 0;
    },
    submit: (jobId, tokenHash, decide) =>
      groupCommit(ctx.drizzle.$client, () => submitBody(ctx, jobId, tokenHash, decide)),
    task: async (suiteId, taskId, version) => getTask(ctx, suiteId, taskId, version),
    config: async (suiteId, configId, version) => getConfig(ctx, suiteId, configId, version),
  };
}

/**
 * The claim and its lease row, inside the group commit's transaction: a crash between them must
 * not leave a leased job whose token the server would not recognise (the phone's result would be refused).
 */
function claimRow(
  ctx: DbCtx,
  { deviceId, reportedDeviceId, sessions, tokenHash, now }: ClaimInput,
): ClaimedRow | undefined {
  const claimed = stmt(
    ctx,
    `UPDATE jobs
          SET state = 'leased', lease_token_hash = @hash, leased_by = @device, updated_at = @now,
              lease_expires_at = @now + 1000 * (SELECT lease_seconds FROM sessions WHERE sessions.id = jobs.session_id)
        WHERE id = (SELECT id FROM jobs WHERE state = 'queued'
                       AND (@sessions IS NULL OR session_id IN (SELECT value FROM json_each(@sessions)))
                       -- issue 20.4: a session pinned to devices is invisible to every other device
                       AND ((SELECT device_ids FROM sessions WHERE sessions.id = jobs.session_id) IS NULL
                        OR @device IN (SELECT value FROM json_each((SELECT device_ids FROM sessions WHERE sessions.id = jobs.session_id))))
                     ORDER BY session_id, position LIMIT 1)
          AND state = 'queued'
          -- issue 20.4: a paused device leases nothing, even if paused while its long-poll waited
          AND NOT EXISTS (SELECT 1 FROM devices WHERE devices.id = @device AND devices.paused_at IS NOT NULL)
      RETURNING id, session_id AS sessionId, task_id AS taskId, task_version AS taskVersion, config_id AS configId,
                config_version AS configVersion, repeat, attempt`,
  )
    // v1.1 poll `sessions`: a device working for one study leases only that study's jobs.
    .get({ hash: tokenHash, device: deviceId, now, sessions: sessions?.length ? JSON.stringify(sessions) : null });
  if (!claimed) return undefined;
  const job = ClaimedJob.parse(claimed);
  stmt(
    ctx,
    "INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at, reported_device_id) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(tokenHash, job.id, job.attempt, deviceId, now, reportedDeviceId);
  const session = stmt(
    ctx,
    `SELECT name AS sessionName, suite_id AS suiteId, lease_seconds AS leaseSeconds FROM sessions WHERE id = ?`,
  ).get(job.sessionId);
  return ClaimedRow.parse({ ...job, ...(session ?? {}) });
}

function expire(ctx: DbCtx, now: number): number {
  const expired = stmt(
    ctx,
    `SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS maxAttempts
         FROM jobs j JOIN sessions s ON s.id = j.session_id
        WHERE j.state = 'leased' AND j.lease_expires_at <= ?`,
  )
    .all(now)
    .map((r) => LiveLeaseRow.parse(r));
  if (!expired.length) return 0;
  const requeued = ctx.drizzle.$client.transaction(() => endLeases(ctx, expired, "lease_expired", now))();
  if (requeued) ctx.events.emit("jobs");
  return expired.length;
}

function loadJob(ctx: DbCtx, jobId: string): JobLeaseRow | undefined {
  const row = stmt(
    ctx,
    `SELECT j.id, j.session_id AS sessionId, j.state, j.attempt, j.lease_token_hash AS leaseTokenHash, j.task_id AS taskId,
            j.task_version AS taskVersion, j.config_id AS configId, j.config_version AS configVersion, j.repeat,
            s.max_attempts AS maxAttempts, s.suite_id AS suiteId, s.lease_seconds AS leaseSeconds
       FROM jobs j JOIN sessions s ON s.id = j.session_id WHERE j.id = ?`,
  ).get(jobId);
  return rowOf(JobLeaseRow, row);
}

function loadLeaseRow(ctx: DbCtx, jobId: string, tokenHash: string): LeaseRow | undefined {
  const row = stmt(
    ctx,
    "SELECT attempt, device_id AS deviceId, reported_device_id AS reportedDeviceId FROM leases WHERE token_hash = ? AND job_id = ?",
  ).get(tokenHash, jobId);
  return rowOf(LeaseRow, row);
}

/** The submit's read, decision and write, inside one group commit's savepoint. */
function submitBody(ctx: DbCtx, jobId: string, tokenHash: string, decide: (s: SubmitState) => SubmitPlan) {
  const job = loadJob(ctx, jobId);
  if (!job) throw notFound("job", jobId);
  const existing = rowOf(
    ExistingRunRow,
    stmt(
      ctx,
      `SELECT r.id, r.superseded, s.passed, s.outcome FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = 1
        WHERE r.lease_token_hash = ?`,
    ).get(tokenHash),
  );
  const plan = decide({ job, lease: loadLeaseRow(ctx, jobId, tokenHash), existing });
  if (plan.write) writeRun(ctx, plan.write);
  return plan.outcome;
}
