import "server-only";
import Database from "better-sqlite3";
import { installTraceCodec } from "@db/traceCodec.mjs";
import type { SqlRunner } from "../sql";
import { sqliteSql } from "./sql";

/**
 * Snapshots on SQLite (`Store.sql.snapshot`): a read-only connection of this process, opened on first
 * use, runs each snapshot's queries inside one read transaction, so they all see the database as of
 * the first (WAL) while the shared connection keeps writing. Snapshots take turns on it: each is a
 * handful of indexed reads. A database in memory has no second connection: its reads share the one.
 */
export function sqliteSnapshots(main: Database.Database, shared: SqlRunner) {
  let reader: { db: Database.Database; sql: SqlRunner } | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  const open = () => {
    if (!reader) {
      const db = new Database(main.name, { readonly: true, fileMustExist: true });
      db.pragma("busy_timeout = 5000");
      installTraceCodec(db);
      reader = { db, sql: sqliteSql(db) };
    }
    return reader;
  };
  return {
    snapshot<T>(read: (sql: SqlRunner) => Promise<T>): Promise<T> {
      if (main.memory) return read(shared);
      const run = turn.then(async () => {
        const r = open();
        r.db.exec("BEGIN");
        try {
          return await read(r.sql);
        } finally {
          r.db.exec("COMMIT");
        }
      });
      turn = run.catch(() => undefined);
      return run;
    },
    close() {
      reader?.db.close();
      reader = undefined;
    },
  };
}
