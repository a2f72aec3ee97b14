import "server-only";
import { sessionState } from "@/domain/sessions/state";
import { z } from "zod";
import type { Ctx } from "../context";
import { emptyCounts, JOB_STATES, sessionProgress, type JobCounts } from "@/domain/queue";
import { wilson } from "@/domain/stats/wilson";
import { parseStoredPlan } from "@/domain/study/plan";
import { notFound } from "../errors";
import { IMPORTED_SUITE } from "../export/importRuns";
import { flag, int } from "../store/columns";
import { dialectOf } from "../store/dialect";
import type { SqlRunner } from "../store/sql";
import { describeImport } from "./describeImport";
import { adaptiveStanding } from "./adaptiveStanding";
import { listLeaseHolders } from "./listLeaseHolders";

const SessionRow = z.object({
  id: z.string(),
  name: z.string(),
  trial: flag,
  calibration: flag,
  createdAt: int,
  cancelledAt: int.nullable(),
  suiteId: z.string(),
  suiteVersion: int,
  jobOrder: z.string(),
  seed: int,
  repeats: int,
  leaseSeconds: int,
  maxAttempts: int,
  notes: z.string().nullable(),
  taskIds: z.string(),
  configIds: z.string(),
  deviceIds: z.string().nullable(),
  plan: z.string().nullable(),
  planSha256: z.string().nullable(),
  adaptive: z.string().nullable(),
  settled: z.string().nullable(),
});
const PinnedRow = z.object({ id: z.string(), name: z.string(), revokedAt: int.nullable() });
const CountRow = z.object({ state: z.enum(JOB_STATES), n: int });
const PassRow = z.object({ configId: z.string(), runs: int, passed: int });
const FirstLeaseRow = z.object({ t: int.nullable() });

/**
 * Issue 20.4: the devices a session is pinned to (null: not pinned) and whether every one of them
 * is revoked, in which case nothing will ever lease its queued jobs and the page says so.
 */
async function pinnedDevices(sql: SqlRunner, deviceIds: string | null) {
  if (deviceIds === null) return null;
  const ids = JSON.parse(deviceIds) as string[];
  const found = ids.length
    ? new Map(
        (
          await sql.all(
            PinnedRow,
            `SELECT id, name, revoked_at AS "revokedAt" FROM devices WHERE id IN (${ids.map(() => "?").join(", ")})`,
            ids,
          )
        ).map((d) => [d.id, d]),
      )
    : new Map<string, z.output<typeof PinnedRow>>();
  const rows = ids.map((id) => {
    const d = found.get(id);
    return { id, name: d?.name ?? id, revoked: !d || d.revokedAt !== null };
  });
  return { devices: rows, allRevoked: rows.every((d) => d.revoked) };
}

export async function jobCounts(sql: SqlRunner, sessionId: string): Promise<JobCounts> {
  const counts = emptyCounts();
  const rows = await sql.all(CountRow, "SELECT state, COUNT(*) AS n FROM jobs WHERE session_id = ? GROUP BY state", [
    sessionId,
  ]);
  for (const r of rows) counts[r.state] = r.n;
  return counts;
}

/** Pass counts per config over the session's current, non-superseded, scorable scores (ADR 6), with Wilson 95%. */
export async function configPassCounts(sql: SqlRunner, sessionId: string) {
  const rows = await sql.all(
    PassRow,
    `SELECT r.config_id AS "configId", COUNT(*) AS runs, SUM(CASE WHEN s.passed THEN 1 ELSE 0 END) AS passed
       FROM runs r JOIN scores s ON s.run_id = r.id AND s.current
      WHERE r.session_id = ? AND NOT r.superseded AND s.unscorable IS NULL
      GROUP BY r.config_id ORDER BY ${dialectOf(sql).collateC("r.config_id")}`,
    [sessionId],
  );
  return rows.map((r) => ({ configId: r.configId, runs: r.runs, passed: r.passed, wilson: wilson(r.passed, r.runs) }));
}

/**
 * `GET /api/sessions/{id}` (protocol.md §5), plus the settings and progress the session page shows,
 * who holds each leased job (issue 16.3) and, for an imported session, what its runs carried.
 * `sql` is a snapshot's runner when the caller reads more beside it (getSessionView).
 */
export async function getSession(ctx: Ctx, id: string, sql: SqlRunner = ctx.store.sql) {
  const s = await sql.get(
    SessionRow,
    `SELECT id, name, trial, calibration, created_at AS "createdAt", cancelled_at AS "cancelledAt", suite_id AS "suiteId",
            suite_version AS "suiteVersion", job_order AS "jobOrder", seed, repeats, lease_seconds AS "leaseSeconds",
            max_attempts AS "maxAttempts", notes, task_ids AS "taskIds", config_ids AS "configIds", device_ids AS "deviceIds",
            plan, plan_sha256 AS "planSha256", adaptive, adaptive_settled AS "settled"
       FROM sessions WHERE id = ?`,
    [id],
  );
  if (!s) throw notFound("session", id);
  const counts = await jobCounts(sql, id);
  const taskIds = JSON.parse(s.taskIds) as string[];
  const configIds = JSON.parse(s.configIds) as string[];
  const firstLease = await sql.get(
    FirstLeaseRow,
    "SELECT MIN(l.issued_at) AS t FROM leases l JOIN jobs j ON j.id = l.job_id WHERE j.session_id = ?",
    [id],
  );
  return {
    session: {
      id: s.id,
      name: s.name,
      trial: s.trial,
      calibration: s.calibration,
      createdAt: new Date(s.createdAt).toISOString(),
      cancelledAt: s.cancelledAt === null ? null : new Date(s.cancelledAt).toISOString(),
      counts,
      suite: { id: s.suiteId, version: s.suiteVersion },
      order: s.jobOrder,
      seed: s.seed,
      repeats: s.repeats,
      leaseSeconds: s.leaseSeconds,
      maxAttempts: s.maxAttempts,
      notes: s.notes,
      taskIds,
      configIds,
      progress: sessionProgress(counts, firstLease?.t ?? null, ctx.now()),
      state: stateOf(counts, s.cancelledAt !== null),
      pinned: await pinnedDevices(sql, s.deviceIds),
      imported: s.suiteId === IMPORTED_SUITE ? await describeImport(ctx, id, sql) : null,
      plan: savedPlan(s.plan, s.planSha256),
      adaptive: await adaptiveStanding(
        ctx,
        sql,
        { id, adaptive: s.adaptive, settled: s.settled, taskIds, configIds, cancelled: s.cancelledAt !== null },
        parseStoredPlan(s.plan),
      ),
    },
    configs: await configPassCounts(sql, id),
    leases: await listLeaseHolders(ctx, id, sql),
  };
}

/** Issue 36.3: the stored plan with its hash, or null. */
function savedPlan(text: string | null, sha256: string | null) {
  const plan = parseStoredPlan(text);
  return plan && sha256 ? { ...plan, sha256 } : null;
}

/** The session's state as the API gives it: the words and numbers its page shows. */
function stateOf(counts: JobCounts, cancelled: boolean) {
  const st = sessionState(counts, cancelled);
  return { kind: st.kind, ran: st.ran, total: st.total, fraction: st.fraction, text: st.progressText };
}
