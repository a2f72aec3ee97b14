import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import type { JobState, LeaseView } from "@/domain/queue";
import { notFound } from "../errors";
import { hashToken } from "../ids";

export interface JobLeaseRow {
  id: string;
  session_id: string;
  state: JobState;
  attempt: number;
  lease_token_hash: string | null;
  task_id: string;
  task_version: number;
  config_id: string;
  config_version: number;
  repeat: number;
  max_attempts: number;
  suite_id: string;
  lease_seconds: number;
}

/** Loads a job (404 if unknown) and how a lease token presented by device `deviceId` relates to it. */
export function loadLease(
  ctx: Ctx,
  jobId: string,
  leaseToken: string,
  deviceId: string,
): { job: JobLeaseRow; view: LeaseView; tokenHash: string } {
  const job = stmt(
    ctx,
    `SELECT j.id, j.session_id, j.state, j.attempt, j.lease_token_hash, j.task_id, j.task_version, j.config_id,
              j.config_version, j.repeat, s.max_attempts, s.suite_id, s.lease_seconds
         FROM jobs j JOIN sessions s ON s.id = j.session_id WHERE j.id = ?`,
  ).get(jobId) as JobLeaseRow | undefined;
  if (!job) throw notFound("job", jobId);
  const tokenHash = hashToken(leaseToken);
  const lease = stmt(ctx, "SELECT attempt, device_id AS deviceId FROM leases WHERE token_hash = ? AND job_id = ?").get(
    tokenHash,
    jobId,
  ) as { attempt: number; deviceId: string } | undefined;
  return {
    job,
    tokenHash,
    view: {
      jobState: job.state,
      jobAttempt: job.attempt,
      tokenAttempt: lease ? lease.attempt : null,
      tokenIsCurrent: !!lease && job.lease_token_hash === tokenHash,
      tokenIsCallers: !!lease && lease.deviceId === deviceId,
    },
  };
}
