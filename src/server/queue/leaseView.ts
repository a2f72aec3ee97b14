import "server-only";
import type { Ctx } from "../context";
import type { LeaseView } from "@/domain/queue";
import { notFound } from "../errors";
import { hashToken } from "../ids";
import type { JobLeaseRow, LeaseRow } from "../store/rows";

/** How a lease token (by its hash) presented by device `deviceId` relates to the job. */
export function leaseViewOf(
  job: JobLeaseRow,
  lease: LeaseRow | undefined,
  tokenHash: string,
  deviceId: string,
): LeaseView {
  return {
    jobState: job.state,
    jobAttempt: job.attempt,
    tokenAttempt: lease ? lease.attempt : null,
    tokenIsCurrent: !!lease && job.leaseTokenHash === tokenHash,
    tokenIsCallers: !!lease && lease.deviceId === deviceId,
  };
}

/** Loads a job (404 if unknown) and how a lease token presented by device `deviceId` relates to it. */
export async function loadLease(
  ctx: Ctx,
  jobId: string,
  leaseToken: string,
  deviceId: string,
): Promise<{ job: JobLeaseRow; view: LeaseView; tokenHash: string }> {
  const tokenHash = hashToken(leaseToken);
  const { job, lease } = await ctx.store.queue.lease(jobId, tokenHash);
  if (!job) throw notFound("job", jobId);
  return { job, tokenHash, view: leaseViewOf(job, lease, tokenHash, deviceId) };
}
