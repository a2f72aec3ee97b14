import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { configs, suites, tasks } from "@db/schema";
import type { Suite, Task } from "@/domain/suite/schema";
import type { DbCtx } from "./dbCtx";
import { SuiteListRow } from "../rows";
import type { SuiteStore, SuiteWrite } from "../types";

/**
 * Stores a suite version with its task and config versions (synchronous, in one transaction): the
 * body src/server/suites/storeSuite.ts ran. Storing the same content again is a no-op.
 */
export function saveSuiteSync(ctx: DbCtx, w: SuiteWrite): boolean {
  const { suite } = w;
  return ctx.drizzle.transaction((tx) => {
    const existing = tx
      .select({ contentHash: suites.contentHash })
      .from(suites)
      .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)))
      .get();
    if (w.isDefault) tx.update(suites).set({ isDefault: false }).where(eq(suites.isDefault, true)).run();
    if (existing) {
      if (w.isDefault)
        tx.update(suites)
          .set({ isDefault: true })
          .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)))
          .run();
      return false;
    }
    tx.insert(suites)
      .values({
        id: suite.id,
        version: suite.version,
        name: suite.name ?? null,
        doc: JSON.stringify(suite),
        contentHash: w.contentHash,
        isDefault: w.isDefault,
        loadedAt: w.loadedAt,
      })
      .run();
    suite.tasks.forEach((t, i) =>
      tx
        .insert(tasks)
        .values({
          suiteId: suite.id,
          taskId: t.id,
          version: t.version,
          group: t.group,
          heldOut: !!t.heldOut,
          doc: JSON.stringify(t),
          contentHash: w.taskHashes[i],
        })
        .onConflictDoNothing()
        .run(),
    );
    suite.configs.forEach((c, i) =>
      tx
        .insert(configs)
        .values({
          suiteId: suite.id,
          configId: c.id,
          version: c.version,
          doc: JSON.stringify(c),
          contentHash: w.configHashes[i],
        })
        .onConflictDoNothing()
        .run(),
    );
    return true;
  });
}

/** Every stored version of a suite (its documents were validated when saved). */
function suiteVersionsSync(ctx: DbCtx, id: string): Suite[] {
  return ctx.drizzle
    .select({ doc: suites.doc })
    .from(suites)
    .where(eq(suites.id, id))
    .all()
    .map((r) => JSON.parse(r.doc) as Suite);
}

/** Every stored suite version, by id and newest first. */
function suiteRowsSync(ctx: DbCtx): SuiteListRow[] {
  return ctx.drizzle.$client
    .prepare(`SELECT id, version, name, doc, is_default AS isDefault FROM suites ORDER BY id, version DESC`)
    .all()
    .map((r) => SuiteListRow.parse(r));
}

/** Suites on SQLite: the synchronous bodies above behind the async interface. */
export function sqliteSuites(ctx: DbCtx): SuiteStore {
  return {
    versions: async (id) => suiteVersionsSync(ctx, id),
    save: async (w) => saveSuiteSync(ctx, w),
    list: async () => suiteRowsSync(ctx),
    newestTask: async (suiteId, taskId) => {
      const row = ctx.drizzle
        .select({ doc: tasks.doc })
        .from(tasks)
        .where(and(eq(tasks.suiteId, suiteId), eq(tasks.taskId, taskId)))
        .orderBy(desc(tasks.version))
        .limit(1)
        .get();
      return row ? (JSON.parse(row.doc) as Task) : null;
    },
  };
}
