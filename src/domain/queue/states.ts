/** Job states of protocol.md §1. */
export const JOB_STATES = ["queued", "leased", "completed", "failed", "cancelled"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const DEFAULT_LEASE_SECONDS = 120;
export const DEFAULT_MAX_ATTEMPTS = 3;

/** The heartbeat interval we ask phones for: about a third of the lease, at least a second. */
export function heartbeatSecondsFor(leaseSeconds: number): number {
  return Math.max(1, Math.round(leaseSeconds / 3));
}

export function leaseExpiresAt(nowMs: number, leaseSeconds: number): number {
  return nowMs + leaseSeconds * 1000;
}

export interface AttemptState {
  attempt: number;
  maxAttempts: number;
}

export type LeaseEnd =
  | { state: "queued"; attempt: number; failureReason: null }
  | { state: "failed"; attempt: number; failureReason: string };

/**
 * Why a lease ended without a result: it expired, its device was revoked (the dashboard ends
 * every lease of a revoked device at once, issue 14), or the device's own `/fail` reason.
 */
export type LeaseEndReason = "lease_expired" | "device_revoked" | (string & {});

/**
 * A lease that ends without a result (expiry or `/fail`) uses up its attempt: the job is queued
 * again with the next attempt number, or fails with the reason once `maxAttempts` are used.
 */
export function afterLeaseEnded(job: AttemptState, reason: LeaseEndReason): LeaseEnd {
  if (job.attempt >= job.maxAttempts) return { state: "failed", attempt: job.attempt, failureReason: reason };
  return { state: "queued", attempt: job.attempt + 1, failureReason: null };
}

export interface LeaseView {
  /** The job's state now. */
  jobState: JobState;
  /** The attempt the job's current lease (if any) was issued for. */
  jobAttempt: number;
  /** The attempt the presented token was issued for; null when the token was never issued for this job. */
  tokenAttempt: number | null;
  /** The presented token is the job's current, live lease. */
  tokenIsCurrent: boolean;
  /**
   * The token was issued to the device whose token came with the request. A lease token alone
   * is not a credential: another paired device that learns it (logs, a shared proxy) must not
   * heartbeat, fail or complete the job in the leaseholder's name (issue 14).
   */
  tokenIsCallers: boolean;
}

/** Heartbeat and fail are honoured only for the job's current, live lease, from the device it was issued to. */
export function isLeaseCurrent(view: LeaseView): boolean {
  return view.tokenAttempt !== null && view.tokenIsCallers && view.tokenIsCurrent && view.jobState === "leased";
}

export type ResultDecision =
  { kind: "lease_lost" } | { kind: "duplicate" } | { kind: "complete"; late: boolean } | { kind: "superseded" };

/**
 * What a submitted trace does to its job (protocol.md §1, result):
 * - a token never issued for this job, or issued to another device → lease_lost, nothing stored
 *   (a late result is honoured only from the device that held the earlier lease);
 * - a token that already produced a run → the same run again (idempotent);
 * - the job not yet completed → the trace completes it (a late result from an earlier attempt
 *   too: the current holder loses its lease);
 * - the job already completed by another lease → stored, but superseded.
 */
export function decideResult(view: LeaseView, tokenAlreadyHasRun: boolean): ResultDecision {
  if (view.tokenAttempt === null || !view.tokenIsCallers) return { kind: "lease_lost" };
  if (tokenAlreadyHasRun) return { kind: "duplicate" };
  if (view.jobState === "completed") return { kind: "superseded" };
  return { kind: "complete", late: !view.tokenIsCurrent };
}
