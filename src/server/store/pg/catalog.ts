import "server-only";
import { and, eq } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { configs, tasks } from "@db/schema-pg";
import type { Config, Task } from "@/domain/suite/schema";
import { notFound } from "../../errors";

/**
 * Task and config versions on PostgreSQL. Stored versions never change, so each parsed document
 * is cached for the life of the store (as ../sqlite/catalog.ts does on SQLite); the cache
 * holds the promise, so claims arriving together read a version once.
 */
export function pgCatalog(db: PgDb) {
  const cache = new Map<string, Promise<unknown>>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = cache.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      cache.set(key, p);
      // A failed read (unknown version, a dropped connection) is not remembered.
      p.catch(() => cache.delete(key));
    }
    return p;
  }
  return {
    task: (suiteId: string, taskId: string, version: number): Promise<Task> =>
      cached(`t:${suiteId}:${taskId}:${version}`, async () => {
        const [row] = await db
          .select({ doc: tasks.doc })
          .from(tasks)
          .where(and(eq(tasks.suiteId, suiteId), eq(tasks.taskId, taskId), eq(tasks.version, version)));
        if (!row) throw notFound("task version", `${suiteId}/${taskId}@${version}`);
        return JSON.parse(row.doc) as Task;
      }),
    config: (suiteId: string, configId: string, version: number): Promise<Config> =>
      cached(`c:${suiteId}:${configId}:${version}`, async () => {
        const [row] = await db
          .select({ doc: configs.doc })
          .from(configs)
          .where(and(eq(configs.suiteId, suiteId), eq(configs.configId, configId), eq(configs.version, version)));
        if (!row) throw notFound("config version", `${suiteId}/${configId}@${version}`);
        return JSON.parse(row.doc) as Config;
      }),
  };
}
