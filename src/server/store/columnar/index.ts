import "server-only";
import type Database from "better-sqlite3";
import type { FactsSource } from "./source";
import { sqliteSource } from "./sqliteSource";
import type { SqlRunner } from "../sql";
import type { Store } from "../types";
import { createFactsMirror, type MirrorOptions, type MirrorStatus } from "./mirror";

/** Where the analytics read the summaries: the columnar copy (the default, on either engine), or the database itself. */
export function columnarWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.ANALYTICS_ENGINE ?? "duckdb").trim().toLowerCase();
  if (v === "duckdb") return true;
  if (v === "sql") return false;
  throw new Error(
    `ANALYTICS_ENGINE=${env.ANALYTICS_ENGINE} is not an engine the analytics can read: use duckdb (the default: a columnar copy of the summaries) or sql (read the database itself).`,
  );
}

/**
 * A store's `facts()`: the mirror's runner when it is caught up, the database's otherwise. A
 * statement that fails in DuckDB is counted and said (the mirror's `fellBack`) and, on SQLite,
 * answered by SQLite: the duckdb dialect only writes forms SQLite reads the same way. On PostgreSQL
 * the error stands, since its text order (`COLLATE "C"`) is written differently there.
 */
export function columnarFacts(
  source: FactsSource | null,
  rowSql: SqlRunner,
  opts: MirrorOptions & { enabled?: boolean } = {},
) {
  const mirror = source && (opts.enabled ?? columnarWanted()) ? createFactsMirror(source, opts) : null;
  const retry = rowSql.dialect === "sqlite";
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
          mirror?.fellBack(err, text(...a), retry);
          if (!retry) throw err;
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
    /** Waits for the mirror to load (null: there is none, the analytics read the database). */
    ready: async (): Promise<MirrorStatus | null> => (mirror ? mirror.ready() : null),
    status: (): MirrorStatus | null => mirror?.status() ?? null,
    close: async () => mirror?.close(),
  };
}

/** The copy of a SQLite file's summaries; none for a database in memory (tests and scratch use, never large). */
export function sqliteFacts(
  db: Database.Database,
  rowSql: SqlRunner,
  opts: MirrorOptions & { enabled?: boolean } = {},
) {
  return columnarFacts(db.memory ? null : sqliteSource(db), rowSql, opts);
}

export type ColumnarFacts = ReturnType<typeof columnarFacts>;

/** A store's columnar copy (status, ready, close), or null when it has none (a SQLite database in memory). */
export function columnarOf(store: Store): ColumnarFacts | null {
  return (store as Store & { columnar?: ColumnarFacts }).columnar ?? null;
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
