import "server-only";
import { pushTo } from "@/domain/pushTo";
import type { Ctx } from "../context";
import { emptyCounts, type JobCounts, type JobState } from "@/domain/queue";
import type { SessionDevice } from "@/domain/sessions";
import { IMPORTED_SUITE } from "../export/importRuns";

interface RunTotals {
  runs: number;
  scored: number;
  passed: number;
}

/**
 * Sessions newest first, with their job counts and what the list shows of each (issue 16.3): its
 * configs, its pass rate with n over its current, non-superseded, scorable runs (as the session
 * page's table counts them, ADR 6), the devices that returned its runs, and its run count (an
 * imported session has runs but no jobs). Four grouped reads, whatever the number of sessions.
 */
export function listSessions(ctx: Ctx) {
  const sqlite = ctx.db.$client;
  const sessions = sqlite
    .prepare(
      "SELECT id, name, trial, created_at, cancelled_at, suite_id, config_ids FROM sessions ORDER BY created_at DESC, id DESC",
    )
    .all() as {
    id: string;
    name: string;
    trial: number;
    created_at: number;
    cancelled_at: number | null;
    suite_id: string;
    config_ids: string;
  }[];
  const counts = sqlite
    .prepare("SELECT session_id, state, COUNT(*) AS n FROM jobs GROUP BY session_id, state")
    .all() as { session_id: string; state: JobState; n: number }[];
  const bySession = new Map<string, JobCounts>();
  for (const c of counts) {
    const m = bySession.get(c.session_id) ?? emptyCounts();
    m[c.state] = c.n;
    bySession.set(c.session_id, m);
  }
  const totals = new Map(
    (
      sqlite
        .prepare(
          `SELECT r.session_id AS sessionId, COUNT(*) AS runs,
                  SUM(CASE WHEN s.unscorable IS NULL THEN 1 ELSE 0 END) AS scored,
                  SUM(CASE WHEN s.unscorable IS NULL AND s.passed = 1 THEN 1 ELSE 0 END) AS passed
             FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = 1
            WHERE r.superseded = 0 GROUP BY r.session_id`,
        )
        .all() as (RunTotals & { sessionId: string })[]
    ).map((t) => [t.sessionId, t]),
  );
  const devices = new Map<string, SessionDevice[]>();
  const deviceRows = sqlite
    .prepare(
      `SELECT session_id AS sessionId, device_id AS id, device_model AS model, COUNT(*) AS runs
         FROM runs GROUP BY session_id, device_id, device_model ORDER BY session_id, device_id, device_model`,
    )
    .all() as (SessionDevice & { sessionId: string })[];
  for (const { sessionId, ...d } of deviceRows) pushTo(devices, sessionId, d);
  return sessions.map((s) => {
    const t = totals.get(s.id) ?? { runs: 0, scored: 0, passed: 0 };
    return {
      id: s.id,
      name: s.name,
      trial: !!s.trial,
      suiteId: s.suite_id,
      imported: s.suite_id === IMPORTED_SUITE,
      createdAt: new Date(s.created_at).toISOString(),
      cancelled: s.cancelled_at !== null,
      counts: bySession.get(s.id) ?? emptyCounts(),
      configIds: JSON.parse(s.config_ids) as string[],
      runs: t.runs,
      scored: t.scored,
      passed: t.passed,
      devices: devices.get(s.id) ?? [],
    };
  });
}
