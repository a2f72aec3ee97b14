import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { jobs, sessions } from "@db/schema";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { resolveSuite } from "./catalog";
import {
  AdaptiveJobRow,
  AdaptiveSessionRow,
  ADAPTIVE_JOBS,
  LastPositionRow,
  PlanStateRow,
  RevokedRow,
  rowOf,
} from "../rows";
import type { SessionStore } from "../types";

/** Sessions on SQLite: the statements createSession and cancelSession ran, unchanged. */
export function sqliteSessions(ctx: DbCtx): SessionStore {
  return {
    resolveSuite: async (id) => resolveSuite(ctx, id),
    revokedAt: async (ids) => {
      const out = new Map<string, number | null>();
      const get = stmt(ctx, "SELECT id, revoked_at AS revokedAt FROM devices WHERE id = ?");
      for (const id of ids) {
        const row = rowOf(RevokedRow, get.get(id));
        if (row) out.set(row.id, row.revokedAt);
      }
      return out;
    },
    create: async (s, planned) => {
      // Prepared statements, one row at a time: building one multi-row INSERT through the query
      // builder took ~11 ms for a 240-job session, on the thread that answers phones (ADR 4).
      const insertJob = stmt(
        ctx,
        `INSERT INTO jobs (id, session_id, position, task_id, task_version, config_id, config_version, repeat, state, attempt, updated_at, queue_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 1, ?, ?)`,
      );
      ctx.drizzle.$client
        .transaction(() => {
          stmt(
            ctx,
            `INSERT INTO sessions (id, name, suite_id, suite_version, trial, calibration, job_order, seed, repeats, lease_seconds, max_attempts,
         notes, task_ids, config_ids, created_at, device_ids, plan, plan_sha256, adaptive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            s.id,
            s.name,
            s.suiteId,
            s.suiteVersion,
            s.trial ? 1 : 0,
            s.calibration ? 1 : 0,
            s.jobOrder,
            s.seed,
            s.repeats,
            s.leaseSeconds,
            s.maxAttempts,
            s.notes,
            JSON.stringify(s.taskIds),
            JSON.stringify(s.configIds),
            s.createdAt,
            s.deviceIds ? JSON.stringify(s.deviceIds) : null,
            s.plan,
            s.planSha256,
            s.adaptive,
          );
          for (const j of planned)
            insertJob.run(
              j.id,
              s.id,
              j.position,
              j.taskId,
              j.taskVersion,
              j.configId,
              j.configVersion,
              j.repeat,
              s.createdAt,
              j.queueReason ?? null,
            );
        })
        .immediate();
      ctx.events.emit("jobs");
    },
    cancel: async (id, now) =>
      ctx.drizzle.transaction((tx) => {
        const s = tx
          .select({ id: sessions.id, cancelledAt: sessions.cancelledAt })
          .from(sessions)
          .where(eq(sessions.id, id))
          .get();
        if (!s) return null;
        const changed = tx
          .update(jobs)
          .set({ state: "cancelled", leaseTokenHash: null, leaseExpiresAt: null, updatedAt: now })
          .where(and(eq(jobs.sessionId, id), inArray(jobs.state, ["queued", "leased"])))
          .run().changes;
        if (s.cancelledAt === null) tx.update(sessions).set({ cancelledAt: now }).where(eq(sessions.id, id)).run();
        return changed;
      }),
    savePlan: async (id, plan, sha256) =>
      ctx.drizzle.$client
        .transaction(() => {
          const row = rowOf(
            PlanStateRow,
            stmt(
              ctx,
              `SELECT plan IS NOT NULL AS planned,
                      EXISTS (SELECT 1 FROM runs WHERE session_id = s.id)
                   OR EXISTS (SELECT 1 FROM leases l JOIN jobs j ON j.id = l.job_id WHERE j.session_id = s.id) AS ran
                 FROM sessions s WHERE s.id = ?`,
            ).get(id),
          );
          if (!row) return "not_found" as const;
          if (row.planned) return "has_plan" as const;
          if (row.ran) return "has_runs" as const;
          stmt(ctx, "UPDATE sessions SET plan = ?, plan_sha256 = ? WHERE id = ?").run(plan, sha256, id);
          return "saved" as const;
        })
        .immediate(),
    advanceAdaptive: async (id, now, decide) => {
      // Every submit asks: a fixed-design session (`adaptive` is set at creation, never changed)
      // answers from one read, without taking the write lock.
      if (!stmt(ctx, "SELECT adaptive FROM sessions WHERE id = ?").pluck().get(id)) return null;
      const queued = ctx.drizzle.$client
        .transaction(() => {
          const row = rowOf(
            AdaptiveSessionRow,
            stmt(
              ctx,
              `SELECT adaptive, plan, adaptive_settled AS settled, seed, task_ids AS taskIds, cancelled_at AS cancelledAt
                 FROM sessions WHERE id = ?`,
            ).get(id),
          );
          if (!row?.adaptive) return null;
          const jobRows = stmt(ctx, ADAPTIVE_JOBS)
            .all(id)
            .map((r) => AdaptiveJobRow.parse(r));
          const write = decide({ ...row, adaptive: row.adaptive, cancelled: row.cancelledAt !== null, jobs: jobRows });
          if (!write) return 0;
          stmt(ctx, "UPDATE sessions SET adaptive_settled = ? WHERE id = ?").run(write.settled, id);
          if (!write.jobs.length) return 0;
          const last = rowOf(
            LastPositionRow,
            stmt(ctx, "SELECT MAX(position) AS p FROM jobs WHERE session_id = ?").get(id),
          );
          let position = (last?.p ?? -1) + 1;
          const insert = stmt(
            ctx,
            `INSERT INTO jobs (id, session_id, position, task_id, task_version, config_id, config_version, repeat, state, attempt, updated_at, queue_reason)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', 1, ?, ?)`,
          );
          for (const j of write.jobs)
            insert.run(
              j.id,
              id,
              position++,
              j.taskId,
              j.taskVersion,
              j.configId,
              j.configVersion,
              j.repeat,
              now,
              j.queueReason ?? null,
            );
          return write.jobs.length;
        })
        .immediate();
      if (queued) ctx.events.emit("jobs");
      return queued;
    },
  };
}
