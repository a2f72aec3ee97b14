import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { configs, suites, tasks } from "@db/schema-pg";
import type { Suite, Task } from "@/domain/suite/schema";
import { SuiteListRow } from "../rows";
import type { SuiteStore } from "../types";

/** Any fixed 64-bit key: "harness-lab:suites". Saving suites is serialised across processes. */
const SUITES_LOCK = 7_284_563_211_094_113n;

/** Suites on PostgreSQL: the same rows as on SQLite. */
export function pgSuites(db: PgDb): SuiteStore {
  return {
    versions: async (id) =>
      (await db.select({ doc: suites.doc }).from(suites).where(eq(suites.id, id))).map(
        (r) => JSON.parse(r.doc) as Suite,
      ),
    save: (w) =>
      db.transaction(async (tx) => {
        // Several processes start at once and each loads suites/: without the lock two of them
        // insert the same new version together and one fails on the primary key.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SUITES_LOCK.toString()}::bigint)`);
        const { suite } = w;
        const [existing] = await tx
          .select({ contentHash: suites.contentHash })
          .from(suites)
          .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)));
        if (w.isDefault) await tx.update(suites).set({ isDefault: false }).where(eq(suites.isDefault, true));
        if (existing) {
          if (w.isDefault)
            await tx
              .update(suites)
              .set({ isDefault: true })
              .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)));
          return false;
        }
        await tx.insert(suites).values({
          id: suite.id,
          version: suite.version,
          name: suite.name ?? null,
          doc: JSON.stringify(suite),
          contentHash: w.contentHash,
          isDefault: w.isDefault,
          loadedAt: w.loadedAt,
        });
        if (suite.tasks.length)
          await tx
            .insert(tasks)
            .values(
              suite.tasks.map((t, i) => ({
                suiteId: suite.id,
                taskId: t.id,
                version: t.version,
                group: t.group,
                heldOut: !!t.heldOut,
                doc: JSON.stringify(t),
                contentHash: w.taskHashes[i],
              })),
            )
            .onConflictDoNothing();
        if (suite.configs.length)
          await tx
            .insert(configs)
            .values(
              suite.configs.map((c, i) => ({
                suiteId: suite.id,
                configId: c.id,
                version: c.version,
                doc: JSON.stringify(c),
                contentHash: w.configHashes[i],
              })),
            )
            .onConflictDoNothing();
        return true;
      }),
    list: async () =>
      (
        await db.$client.query(
          `SELECT id, version, name, doc, is_default AS "isDefault" FROM suites ORDER BY id COLLATE "C", version DESC`,
        )
      ).rows.map((r) => SuiteListRow.parse(r)),
    newestTask: async (suiteId, taskId) => {
      const [row] = await db
        .select({ doc: tasks.doc })
        .from(tasks)
        .where(and(eq(tasks.suiteId, suiteId), eq(tasks.taskId, taskId)))
        .orderBy(desc(tasks.version))
        .limit(1);
      return row ? (JSON.parse(row.doc) as Task) : null;
    },
  };
}
