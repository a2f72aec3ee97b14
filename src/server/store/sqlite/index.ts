import "server-only";
import type { EventEmitter } from "node:events";
import type Database from "better-sqlite3";
import { openDb } from "@db/client";
import type { Store } from "../types";
import { sqliteAccess } from "./access";
import type { DbCtx } from "./dbCtx";
import { sqliteSessions } from "./sessions";
import { sqliteDevices } from "./devices";
import { sqliteQueue } from "./queue";
import { sqliteExport, sqliteRuns } from "./runs";
import { sqliteSnapshots } from "./snapshot";
import { sqliteSql } from "./sql";
import { sqliteSuites } from "./suites";
import { sqliteFacts, type ColumnarFacts } from "../columnar";
import { traceCompaction } from "./traceCompaction";
import type { CompactReport } from "./compactTraces";

export { DEFAULT_DB_PATH } from "@db/client";

/** The embedded engine: better-sqlite3, synchronous bodies behind the async interface (ADR 9). */
export type SqliteStore = Store & {
  columnar: ColumnarFacts;
  database: Database.Database;
  /** The background compaction of trace bodies (compactTraces.ts). */
  traceCompaction: { finish(): Promise<CompactReport> };
};

/**
 * The store on the SQLite file `file`, opened (and migrated) here. `columnar`: whether the
 * analytics read the columnar mirror (default: ANALYTICS_ENGINE, ADR 12).
 */
export function createSqliteStore(
  file: string,
  { now, events }: { now: () => number; events: EventEmitter },
  opts: { columnar?: boolean } = {},
): SqliteStore {
  const drizzle = openDb(file);
  const database = drizzle.$client;
  const compaction = traceCompaction(database, now);
  const ctx: DbCtx = { drizzle, now, events, traceWritten: compaction.traceWritten };
  const sql = sqliteSql(database);
  const snapshots = sqliteSnapshots(database, sql);
  const columnar = sqliteFacts(database, sql, { enabled: opts.columnar });
  // One process writes a SQLite file: exclusive sections take turns in it.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    engine: "sqlite",
    file,
    queue: sqliteQueue(ctx),
    sessions: sqliteSessions(ctx),
    devices: sqliteDevices(ctx),
    suites: sqliteSuites(ctx),
    runs: sqliteRuns(ctx),
    export: sqliteExport(ctx),
    access: sqliteAccess(ctx),
    exclusive: (_name, fn) => {
      const run = turn.then(fn);
      turn = run.catch(() => undefined);
      return run;
    },
    sql: { ...sql, snapshot: (read) => snapshots.snapshot(read) },
    facts: () => columnar.facts(),
    columnar,
    database,
    traceCompaction: compaction,
    close: async () => {
      await compaction.close();
      await columnar.close();
      snapshots.close();
      database.close();
    },
  };
}

/**
 * The SQLite file's connection, for the work below the store that only SQLite has (the bulk seed,
 * the benchmarks' baselines, tests that inspect the file); services reach the data through the
 * store alone. Said plainly when the store is PostgreSQL's.
 */
export function sqliteDatabase(store: Store): Database.Database {
  if (store.engine !== "sqlite")
    throw new Error(
      "A SQLite-only code path ran on a PostgreSQL context (a bug: every service goes through ctx.store on PostgreSQL); please report it, and unset DATABASE_URL to run this on SQLite meanwhile.",
    );
  return (store as SqliteStore).database;
}
