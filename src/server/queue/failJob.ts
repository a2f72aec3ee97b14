import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import { afterLeaseEnded, isLeaseCurrent } from "@/domain/queue";
import { leaseLost } from "../errors";
import { expireLeases } from "./expireLeases";
import { loadLease } from "./leaseView";

/** The device could not run the job (infrastructure failure): the attempt is used up. */
export function failJob(
  ctx: Ctx,
  jobId: string,
  deviceId: string,
  leaseToken: string,
  reason: string,
  detail?: string,
) {
  expireLeases(ctx);
  const { job, view, tokenHash } = loadLease(ctx, jobId, leaseToken, deviceId);
  if (!isLeaseCurrent(view)) throw leaseLost();
  const next = afterLeaseEnded({ attempt: job.attempt, maxAttempts: job.max_attempts }, reason);
  const changed = stmt(
    ctx,
    `UPDATE jobs SET state = ?, attempt = ?, failure_reason = ?, failure_detail = ?, lease_token_hash = NULL,
              lease_expires_at = NULL, updated_at = ?
        WHERE id = ? AND state = 'leased' AND lease_token_hash = ?`,
  ).run(
    next.state,
    next.attempt,
    next.state === "failed" ? reason : null,
    detail ?? null,
    ctx.now(),
    jobId,
    tokenHash,
  ).changes;
  if (!changed) throw leaseLost();
  if (next.state === "queued") ctx.events.emit("jobs");
  return { job: { state: next.state, attempt: next.attempt } };
}
