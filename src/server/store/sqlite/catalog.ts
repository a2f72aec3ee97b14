import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { configs, suites, tasks } from "@db/schema";
import type { Config, Suite, Task } from "@/domain/suite/schema";
import { notFound, ServiceError } from "../../errors";
import type { DbCtx } from "./dbCtx";

// Task, config and suite versions on SQLite (the queue's and the sessions' reads; ../pg/catalog.ts
// is PostgreSQL's). Stored versions never change, so parsed documents are cached per database.
const cache = new WeakMap<object, Map<string, unknown>>();
function cached<T>(ctx: DbCtx, key: string, load: () => T): T {
  let m = cache.get(ctx.drizzle);
  if (!m) cache.set(ctx.drizzle, (m = new Map()));
  if (!m.has(key)) m.set(key, load());
  return m.get(key) as T;
}

export function getTask(ctx: DbCtx, suiteId: string, taskId: string, version: number): Task {
  return cached(ctx, `t:${suiteId}:${taskId}:${version}`, () => {
    const row = ctx.drizzle
      .select({ doc: tasks.doc })
      .from(tasks)
      .where(and(eq(tasks.suiteId, suiteId), eq(tasks.taskId, taskId), eq(tasks.version, version)))
      .get();
    if (!row) throw notFound("task version", `${suiteId}/${taskId}@${version}`);
    return JSON.parse(row.doc) as Task;
  });
}

export function getConfig(ctx: DbCtx, suiteId: string, configId: string, version: number): Config {
  return cached(ctx, `c:${suiteId}:${configId}:${version}`, () => {
    const row = ctx.drizzle
      .select({ doc: configs.doc })
      .from(configs)
      .where(and(eq(configs.suiteId, suiteId), eq(configs.configId, configId), eq(configs.version, version)))
      .get();
    if (!row) throw notFound("config version", `${suiteId}/${configId}@${version}`);
    return JSON.parse(row.doc) as Config;
  });
}

/**
 * A suite by id (its newest version), or the default suite when no id is given: the newest version
 * of the default suite's id, since versions saved later (the budget planner's) are not flagged default.
 * Synchronous: the body of the SQLite store's `sessions.resolveSuite`, which services call.
 */
export function resolveSuite(ctx: DbCtx, id?: string): Suite {
  const defaultId = id
    ? undefined
    : ctx.drizzle.select({ id: suites.id }).from(suites).where(eq(suites.isDefault, true)).limit(1).get()?.id;
  const wanted = id ?? defaultId;
  // The newest version's number, then its document from the per-version cache: stored versions
  // never change, and parsing the whole suite on every session took ~6 ms.
  const newest = wanted
    ? ctx.drizzle
        .select({ version: suites.version })
        .from(suites)
        .where(eq(suites.id, wanted))
        .orderBy(desc(suites.version))
        .limit(1)
        .get()
    : undefined;
  if (!newest) {
    if (id) throw notFound("suite", id);
    throw new ServiceError(
      "not_found",
      "No default suite is loaded; restart the dashboard so it loads suites/ from the repository.",
    );
  }
  return getSuiteVersion(ctx, wanted!, newest.version);
}

export function getSuiteVersion(ctx: DbCtx, id: string, version: number): Suite {
  return cached(ctx, `s:${id}:${version}`, () => {
    const row = ctx.drizzle
      .select({ doc: suites.doc })
      .from(suites)
      .where(and(eq(suites.id, id), eq(suites.version, version)))
      .get();
    if (!row) throw notFound("suite version", `${id}@${version}`);
    return JSON.parse(row.doc) as Suite;
  });
}
