import "server-only";
import type Database from "better-sqlite3";
import type { SqlRunner } from "../store/sql";
import type { Store } from "../store/types";
import { createFactsMirror, type MirrorOptions, type MirrorStatus } from "./mirror";

/** Where the analytics read the summaries: the columnar mirror (default on SQLite), or SQLite itself. */
export function columnarWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.ANALYTICS_ENGINE ?? "duckdb").trim().toLowerCase();
  if (v === "duckdb") return true;
  if (v === "sql") return false;
  throw new Error(
    `ANALYTICS_ENGINE=${env.ANALYTICS_ENGINE} is not an engine the analytics can read: use duckdb (the default: a columnar copy of the summaries) or sql (read the database itself).`,
  );
}

/**
 * The store's `facts()` on SQLite: the mirror's runner when it is caught up, SQLite's otherwise. A
 * statement that fails in DuckDB is answered by SQLite and reported (the mirror's `fellBack`), so a
 * read never fails, nor returns other numbers, because the mirror could not serve it.
 */
export function sqliteFacts(
  db: Database.Database,
  rowSql: SqlRunner,
  opts: MirrorOptions & { enabled?: boolean } = {},
) {
  const mirror = (opts.enabled ?? columnarWanted()) && !db.memory ? createFactsMirror(db, opts) : null;
  const guarded = (duck: SqlRunner): SqlRunner => {
    const guard =
      <A extends unknown[], R>(
        onDuck: (...a: A) => Promise<R>,
        onRow: (...a: A) => Promise<R>,
        text: (...a: A) => string,
      ) =>
      async (...a: A): Promise<R> => {
        try {
          return await onDuck(...a);
        } catch (err) {
          mirror?.fellBack(err, text(...a));
          return onRow(...a);
        }
      };
    return {
      dialect: duck.dialect,
      all: guard(duck.all, rowSql.all, (_r, t) => t),
      get: guard(duck.get, rowSql.get, (_r, t) => t),
      run: duck.run,
    } as SqlRunner;
  };
  return {
    async facts(): Promise<SqlRunner> {
      const duck = mirror ? await mirror.reader() : null;
      return duck ? guarded(duck) : rowSql;
    },
    warm: () => mirror?.warm(),
    /** Waits for the mirror to load (null: there is none, the analytics read SQLite). */
    ready: async (): Promise<MirrorStatus | null> => (mirror ? mirror.ready() : null),
    status: (): MirrorStatus | null => mirror?.status() ?? null,
    close: async () => mirror?.close(),
  };
}

export type SqliteFacts = ReturnType<typeof sqliteFacts>;

/** The columnar mirror's handle of a store (status, warm, ready), or null: PostgreSQL, or none. */
export function columnarOf(store: Store): SqliteFacts | null {
  return (store as Store & { columnar?: SqliteFacts }).columnar ?? null;
}

/** `GET /api/health`'s `analytics`: which engine answers the analytics now, and the copy's state. */
export function analyticsStatus(store: Store) {
  const s = columnarOf(store)?.status() ?? null;
  return {
    engine: s?.state === "ready" ? ("duckdb" as const) : store.engine,
    state: s?.state ?? ("off" as const),
    runs: s && s.loadMs !== null ? s.loadedRuns : null,
    loadMs: s?.loadMs ?? null,
  };
}
