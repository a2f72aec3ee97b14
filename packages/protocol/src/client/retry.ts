import { ProtocolHttpError, ProtocolNetworkError } from "./errors.ts";

/** How a request is retried while the dashboard is unreachable or overloaded. */
export interface RetryPolicy {
  /** First wait, in ms (default 500). */
  initialMs: number;
  /** Longest wait, in ms (default 15,000). */
  maxMs: number;
  /** Each wait is this many times the last (default 2). */
  factor: number;
  /** Tries in all, the first included (default Infinity: a finished trace is never dropped; stop with an AbortSignal). */
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { initialMs: 500, maxMs: 15_000, factor: 2, maxAttempts: Infinity };

/** A `Retry-After` longer than this is not waited for in one go (a misconfigured proxy should not park a phone for a day). */
const RETRY_AFTER_CAP_MS = 300_000;

/**
 * The wait before retry number `retry` (0 for the first): exponential, capped, with "equal
 * jitter": half the step is fixed and half random, so phones that lost the server together do
 * not come back in lock-step, yet none retries much sooner than the schedule. A server's
 * `Retry-After` is honoured when it asks for longer.
 */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number, retryAfterMs?: number): number {
  const step = Math.min(policy.maxMs, policy.initialMs * policy.factor ** retry);
  const jittered = Math.round(step / 2 + (random() * step) / 2);
  return retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, RETRY_AFTER_CAP_MS));
}

/**
 * Worth retrying: no answer at all, a 5xx or a 429. Any other 4xx would be refused again the
 * same way (a bad body, a lost lease, a revoked token), so it is the caller's to handle.
 */
export function isRetryable(e: unknown): boolean {
  if (e instanceof ProtocolNetworkError) return true;
  return e instanceof ProtocolHttpError && (e.status >= 500 || e.status === 429);
}

/** `Retry-After` as ms: delta-seconds only (an HTTP date would need the clock; it falls back to the backoff). */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim()) * 1000;
}
