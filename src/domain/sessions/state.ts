import type { JobCounts } from "../queue/progress";
import { percent } from "../stats/format";

/**
 * What a session is, from its job counts: `waiting` (nothing leased or done yet), `running`,
 * `finished` (every job completed), `failed` (every job ended, some failed after their last
 * attempt), `cancelled` (stopped by a person: its cancelled jobs never ran).
 */
export type SessionStateKind = "waiting" | "running" | "finished" | "failed" | "cancelled";

export interface SessionState {
  kind: SessionStateKind;
  /** Jobs that ran to an end (completed or failed); cancelled jobs never ran. */
  ran: number;
  total: number;
  /** The bar's width: jobs that ran over all jobs, so a cancelled session never reads as full. */
  fraction: number;
  /** The short word for a status pill: "finished", "cancelled", "4 failed", "8%". */
  pill: string;
  /** The session page's progress line: "6 of 144 jobs run (4%) · cancelled, 138 never ran". */
  progressText: string;
  /** The sessions list's jobs line: "6/144 jobs run · 138 cancelled". */
  jobsText: string;
}

const jobs = (n: number) => `${n} job${n === 1 ? "" : "s"}`;

/**
 * A session's state and the words every page shows for it. `cancelled` is the session's own
 * mark (cancelledAt); a cancelled job also marks it, so the two never disagree. A finished session
 * whose jobs partly failed says how many failed, since its configs then lack those runs.
 */
export function sessionState(counts: JobCounts, cancelled: boolean): SessionState {
  const total = counts.queued + counts.leased + counts.completed + counts.failed + counts.cancelled;
  const ran = counts.completed + counts.failed;
  const ended = ran + counts.cancelled;
  const fraction = total === 0 ? 0 : ran / total;
  const failedPart = counts.failed ? ` · ${counts.failed} failed` : "";
  if (cancelled || counts.cancelled > 0) {
    const never = counts.cancelled;
    return {
      kind: "cancelled",
      ran,
      total,
      fraction,
      pill: "cancelled",
      progressText: `Cancelled after ${ran} of ${total} jobs (${percent(fraction)})${failedPart} · ${never} never ran`,
      jobsText: `${ran}/${total} jobs run${failedPart} · ${never} cancelled`,
    };
  }
  if (total > 0 && ended === total) {
    const kind = counts.failed ? "failed" : "finished";
    return {
      kind,
      ran,
      total,
      fraction,
      pill: counts.failed ? `finished, ${counts.failed} failed` : "finished",
      progressText: counts.failed
        ? `Finished: ${counts.completed} of ${total} jobs completed, ${jobs(counts.failed)} failed after every attempt`
        : `${total} of ${total} jobs done (100%)`,
      jobsText: `${ran}/${total} jobs done${failedPart}`,
    };
  }
  const running = counts.leased ? ` · ${counts.leased} running` : "";
  return {
    kind: ran === 0 && counts.leased === 0 ? "waiting" : "running",
    ran,
    total,
    fraction,
    pill: percent(fraction),
    progressText: `${ran} of ${total} jobs done (${percent(fraction)})${failedPart}`,
    jobsText: `${ran}/${total} jobs done${running}${failedPart}`,
  };
}
