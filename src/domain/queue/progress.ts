import type { JobState } from "./states";

export type JobCounts = Record<JobState, number>;

export const emptyCounts = (): JobCounts => ({ queued: 0, leased: 0, completed: 0, failed: 0, cancelled: 0 });

export interface SessionProgress {
  total: number;
  /** Jobs that will not run again: completed, failed or cancelled. */
  done: number;
  fraction: number;
  /** Estimated ms until every job is done, at the pace so far; null before any job is done or when finished. */
  etaMs: number | null;
}

/**
 * Progress of a session. The ETA assumes the remaining jobs go at the mean pace of those done so
 * far since the first lease: eta = remaining × elapsed / done.
 */
export function sessionProgress(counts: JobCounts, firstLeaseAt: number | null, now: number): SessionProgress {
  const total = counts.queued + counts.leased + counts.completed + counts.failed + counts.cancelled;
  const done = counts.completed + counts.failed + counts.cancelled;
  const remaining = total - done;
  const fraction = total === 0 ? 0 : done / total;
  let etaMs: number | null = null;
  if (remaining > 0 && done > 0 && firstLeaseAt !== null && now > firstLeaseAt) {
    etaMs = Math.round((remaining * (now - firstLeaseAt)) / done);
  }
  return { total, done, fraction, etaMs };
}

/** "3 min 20 s", "45 s", "1 h 05 min": an ETA a person reads at a glance. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}
