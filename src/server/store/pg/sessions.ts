import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { devices, jobs, sessions, suites } from "@db/schema-pg";
import type { Suite } from "@/domain/suite/schema";
import { notFound, ServiceError } from "../../errors";
import type { SessionStore } from "../types";
import { ADAPTIVE_JOBS, AdaptiveJobRow, AdaptiveSessionRow, LastPositionRow, PlanStateRow, rowOf } from "../rows";
import { JOBS_CHANNEL } from "./listener";

/** Rows per INSERT of a session's jobs: well under PostgreSQL's 65,535 parameters (11 a row). */
const JOBS_PER_INSERT = 1_000;

/** Sessions on PostgreSQL: the same rows as on SQLite; creating one notifies every process at commit. */
export function pgSessions(db: PgDb): SessionStore {
  // Stored suite versions never change, so each parsed document is kept (as the SQLite catalog does).
  const docs = new Map<string, Suite>();
  return {
    resolveSuite: async (id) => {
      const wanted =
        id ?? (await db.select({ id: suites.id }).from(suites).where(eq(suites.isDefault, true)).limit(1))[0]?.id;
      const [newest] = wanted
        ? await db
            .select({ version: suites.version })
            .from(suites)
            .where(eq(suites.id, wanted))
            .orderBy(desc(suites.version))
            .limit(1)
        : [];
      if (!wanted || !newest) {
        if (id) throw notFound("suite", id);
        throw new ServiceError(
          "not_found",
          "No default suite is loaded; restart the dashboard so it loads suites/ from the repository.",
        );
      }
      const key = `${wanted}@${newest.version}`;
      const known = docs.get(key);
      if (known) return known;
      const [row] = await db
        .select({ doc: suites.doc })
        .from(suites)
        .where(and(eq(suites.id, wanted), eq(suites.version, newest.version)));
      if (!row) throw notFound("suite version", key);
      const suite = JSON.parse(row.doc) as Suite;
      docs.set(key, suite);
      return suite;
    },
    revokedAt: async (ids) => {
      const out = new Map<string, number | null>();
      if (!ids.length) return out;
      const rows = await db
        .select({ id: devices.id, revokedAt: devices.revokedAt })
        .from(devices)
        .where(inArray(devices.id, ids));
      for (const r of rows) out.set(r.id, r.revokedAt);
      return out;
    },
    create: async (s, planned) => {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          ...s,
          taskIds: JSON.stringify(s.taskIds),
          configIds: JSON.stringify(s.configIds),
          deviceIds: s.deviceIds ? JSON.stringify(s.deviceIds) : null,
          cancelledAt: null,
        });
        for (let i = 0; i < planned.length; i += JOBS_PER_INSERT)
          await tx.insert(jobs).values(
            planned.slice(i, i + JOBS_PER_INSERT).map((j) => ({
              ...j,
              sessionId: s.id,
              state: "queued",
              attempt: 1,
              updatedAt: s.createdAt,
            })),
          );
        // Delivered to every process's LISTEN connection when this commits: their waiting polls claim.
        await tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
      });
    },
    savePlan: async (id, plan, sha256) =>
      db.transaction(async (tx) => {
        // The session row first (two saves at once cannot both see no plan), then its jobs: a claim
        // on another process locks the job it leases (FOR UPDATE SKIP LOCKED), so this waits for a
        // claim under way to commit, and claims skip this session's jobs until the save commits.
        // Then the check below, a statement of its own, sees every lease committed before.
        const exists = await tx.execute(sql`SELECT 1 FROM sessions WHERE id = ${id} FOR UPDATE`);
        if (!exists.rows.length) return "not_found" as const;
        await tx.execute(sql`SELECT 1 FROM jobs WHERE session_id = ${id} FOR UPDATE`);
        const rows = await tx.execute(
          sql`SELECT s.plan IS NOT NULL AS planned,
                     EXISTS (SELECT 1 FROM runs WHERE session_id = s.id)
                  OR EXISTS (SELECT 1 FROM leases l JOIN jobs j ON j.id = l.job_id WHERE j.session_id = s.id) AS ran
                FROM sessions s WHERE s.id = ${id}`,
        );
        const row = rowOf(PlanStateRow, rows.rows[0]);
        if (!row) return "not_found" as const;
        if (row.planned) return "has_plan" as const;
        if (row.ran) return "has_runs" as const;
        await tx.update(sessions).set({ plan, planSha256: sha256 }).where(eq(sessions.id, id));
        return "saved" as const;
      }),
    advanceAdaptive: async (id, now, decide) => {
      // Every submit asks: a fixed-design session (`adaptive` is set at creation, never changed)
      // answers from one read, without a transaction nor the session row's lock.
      const fixed = (await db.execute(sql`SELECT adaptive IS NULL AS "fixed" FROM sessions WHERE id = ${id}`)).rows[0];
      if (!fixed || fixed.fixed) return null;
      return db.transaction(async (tx) => {
        // Locked: results arriving at two processes take their steps one after the other.
        const row = rowOf(
          AdaptiveSessionRow,
          (
            await tx.execute(sql`SELECT adaptive, plan, adaptive_settled AS settled, seed, task_ids AS "taskIds",
                cancelled_at AS "cancelledAt" FROM sessions WHERE id = ${id} FOR UPDATE`)
          ).rows[0],
        );
        if (!row?.adaptive) return null;
        const [head, tail] = ADAPTIVE_JOBS.split("?");
        const jobRows = (await tx.execute(sql`${sql.raw(head)}${id}${sql.raw(tail)}`)).rows.map((r) =>
          AdaptiveJobRow.parse(r),
        );
        const write = decide({ ...row, adaptive: row.adaptive, cancelled: row.cancelledAt !== null, jobs: jobRows });
        if (!write) return 0;
        await tx.update(sessions).set({ adaptiveSettled: write.settled }).where(eq(sessions.id, id));
        if (!write.jobs.length) return 0;
        const last = rowOf(
          LastPositionRow,
          (await tx.execute(sql`SELECT MAX(position) AS p FROM jobs WHERE session_id = ${id}`)).rows[0],
        );
        let position = (last?.p ?? -1) + 1;
        await tx.insert(jobs).values(
          write.jobs.map((j) => ({
            ...j,
            queueReason: j.queueReason ?? null,
            position: position++,
            sessionId: id,
            state: "queued",
            attempt: 1,
            updatedAt: now,
          })),
        );
        await tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
        return write.jobs.length;
      });
    },
    cancel: (id, now) =>
      db.transaction(async (tx) => {
        // The session row locked: two cancels at once (two processes) set cancelled_at once.
        const [s] = await tx
          .select({ id: sessions.id, cancelledAt: sessions.cancelledAt })
          .from(sessions)
          .where(eq(sessions.id, id))
          .for("update");
        if (!s) return null;
        const changed = await tx
          .update(jobs)
          .set({ state: "cancelled", leaseTokenHash: null, leaseExpiresAt: null, updatedAt: now })
          .where(and(eq(jobs.sessionId, id), inArray(jobs.state, ["queued", "leased"])))
          .returning({ id: jobs.id });
        if (s.cancelledAt === null) await tx.update(sessions).set({ cancelledAt: now }).where(eq(sessions.id, id));
        return changed.length;
      }),
  };
}
