import "server-only";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { configs, suites, tasks } from "@db/schema";
import type { Suite } from "@/domain/suite/schema";
import { stableJson } from "@/domain/scoring/stable-json";

const hash = (v: unknown) => createHash("sha256").update(stableJson(v)).digest("hex");

/**
 * Stores a validated suite version with its task and config versions. Storing the same content
 * again is a no-op, so the default suite can be loaded on every start. Returns whether it was new.
 */
export function storeSuite(ctx: Ctx, suite: Suite, opts: { isDefault?: boolean } = {}): boolean {
  const suiteHash = hash(suite);
  return ctx.db.transaction((tx) => {
    const existing = tx
      .select({ contentHash: suites.contentHash })
      .from(suites)
      .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)))
      .get();
    if (opts.isDefault) tx.update(suites).set({ isDefault: false }).where(eq(suites.isDefault, true)).run();
    if (existing) {
      if (opts.isDefault)
        tx.update(suites)
          .set({ isDefault: true })
          .where(and(eq(suites.id, suite.id), eq(suites.version, suite.version)))
          .run();
      return false;
    }
    const now = ctx.now();
    tx.insert(suites)
      .values({
        id: suite.id,
        version: suite.version,
        name: suite.name ?? null,
        doc: JSON.stringify(suite),
        contentHash: suiteHash,
        isDefault: !!opts.isDefault,
        loadedAt: now,
      })
      .run();
    for (const t of suite.tasks) {
      tx.insert(tasks)
        .values({
          suiteId: suite.id,
          taskId: t.id,
          version: t.version,
          group: t.group,
          heldOut: !!t.heldOut,
          doc: JSON.stringify(t),
          contentHash: hash(t),
        })
        .onConflictDoNothing()
        .run();
    }
    for (const c of suite.configs) {
      tx.insert(configs)
        .values({ suiteId: suite.id, configId: c.id, version: c.version, doc: JSON.stringify(c), contentHash: hash(c) })
        .onConflictDoNothing()
        .run();
    }
    return true;
  });
}
