import "server-only";
import type { Ctx } from "../context";
import { emptyCounts, type JobCounts, type JobState } from "@/domain/queue";

/** Sessions newest first, with their job counts. */
export function listSessions(ctx: Ctx) {
  const sessions = ctx.db.$client
    .prepare(
      "SELECT id, name, trial, created_at, cancelled_at, suite_id FROM sessions ORDER BY created_at DESC, id DESC",
    )
    .all() as {
    id: string;
    name: string;
    trial: number;
    created_at: number;
    cancelled_at: number | null;
    suite_id: string;
  }[];
  const counts = ctx.db.$client
    .prepare("SELECT session_id, state, COUNT(*) AS n FROM jobs GROUP BY session_id, state")
    .all() as { session_id: string; state: JobState; n: number }[];
  const bySession = new Map<string, JobCounts>();
  for (const c of counts) {
    const m = bySession.get(c.session_id) ?? emptyCounts();
    m[c.state] = c.n;
    bySession.set(c.session_id, m);
  }
  return sessions.map((s) => ({
    id: s.id,
    name: s.name,
    trial: !!s.trial,
    suiteId: s.suite_id,
    createdAt: new Date(s.created_at).toISOString(),
    cancelled: s.cancelled_at !== null,
    counts: bySession.get(s.id) ?? emptyCounts(),
  }));
}
