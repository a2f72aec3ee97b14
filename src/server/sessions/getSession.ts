import "server-only";
import type { Ctx } from "../context";
import { emptyCounts, sessionProgress, type JobCounts, type JobState } from "@/domain/queue";
import { wilson } from "@/domain/stats/wilson";
import { notFound } from "../errors";
import { IMPORTED_SUITE } from "../export/importRuns";
import { describeImport } from "./describeImport";
import { listLeaseHolders } from "./listLeaseHolders";

interface SessionRow {
  id: string;
  name: string;
  trial: number;
  created_at: number;
  cancelled_at: number | null;
  suite_id: string;
  suite_version: number;
  job_order: string;
  seed: number;
  repeats: number;
  lease_seconds: number;
  max_attempts: number;
  notes: string | null;
  task_ids: string;
  config_ids: string;
  device_ids: string | null;
}

/**
 * Issue 20.4: the devices a session is pinned to (null: not pinned) and whether every one of them
 * is revoked, in which case nothing will ever lease its queued jobs and the page says so.
 */
function pinnedDevices(ctx: Ctx, deviceIds: string | null) {
  if (deviceIds === null) return null;
  const ids = JSON.parse(deviceIds) as string[];
  const rows = ids.map((id) => {
    const d = ctx.db.$client.prepare("SELECT name, revoked_at AS revokedAt FROM devices WHERE id = ?").get(id) as
      { name: string; revokedAt: number | null } | undefined;
    return { id, name: d?.name ?? id, revoked: !d || d.revokedAt !== null };
  });
  return { devices: rows, allRevoked: rows.every((d) => d.revoked) };
}

export function jobCounts(ctx: Ctx, sessionId: string): JobCounts {
  const counts = emptyCounts();
  const rows = ctx.db.$client
    .prepare("SELECT state, COUNT(*) AS n FROM jobs WHERE session_id = ? GROUP BY state")
    .all(sessionId) as { state: JobState; n: number }[];
  for (const r of rows) counts[r.state] = r.n;
  return counts;
}

/** Pass counts per config over the session's current, non-superseded, scorable scores (ADR 6), with Wilson 95%. */
export function configPassCounts(ctx: Ctx, sessionId: string) {
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.config_id AS configId, COUNT(*) AS runs, SUM(s.passed) AS passed
         FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = 1
        WHERE r.session_id = ? AND r.superseded = 0 AND s.unscorable IS NULL
        GROUP BY r.config_id ORDER BY r.config_id`,
    )
    .all(sessionId) as { configId: string; runs: number; passed: number }[];
  return rows.map((r) => ({ configId: r.configId, runs: r.runs, passed: r.passed, wilson: wilson(r.passed, r.runs) }));
}

/**
 * `GET /api/sessions/{id}` (protocol.md §5), plus the settings and progress the session page shows,
 * who holds each leased job (issue 16.3) and, for an imported session, what its runs carried.
 */
export function getSession(ctx: Ctx, id: string) {
  const s = ctx.db.$client.prepare("SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
  if (!s) throw notFound("session", id);
  const counts = jobCounts(ctx, id);
  const firstLease = ctx.db.$client
    .prepare("SELECT MIN(l.issued_at) AS t FROM leases l JOIN jobs j ON j.id = l.job_id WHERE j.session_id = ?")
    .get(id) as { t: number | null };
  return {
    session: {
      id: s.id,
      name: s.name,
      trial: !!s.trial,
      createdAt: new Date(s.created_at).toISOString(),
      cancelledAt: s.cancelled_at === null ? null : new Date(s.cancelled_at).toISOString(),
      counts,
      suite: { id: s.suite_id, version: s.suite_version },
      order: s.job_order,
      seed: s.seed,
      repeats: s.repeats,
      leaseSeconds: s.lease_seconds,
      maxAttempts: s.max_attempts,
      notes: s.notes,
      taskIds: JSON.parse(s.task_ids) as string[],
      configIds: JSON.parse(s.config_ids) as string[],
      progress: sessionProgress(counts, firstLease.t, ctx.now()),
      pinned: pinnedDevices(ctx, s.device_ids),
      imported: s.suite_id === IMPORTED_SUITE ? describeImport(ctx, id) : null,
    },
    configs: configPassCounts(ctx, id),
    leases: listLeaseHolders(ctx, id),
  };
}
