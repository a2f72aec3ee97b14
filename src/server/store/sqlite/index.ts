import "server-only";
import type { DbCtx } from "../../context";
import type { Store } from "../types";
import { sqliteAccess } from "./access";
import { sqliteSessions } from "./sessions";
import { sqliteDevices } from "./devices";
import { sqliteQueue } from "./queue";
import { sqliteExport, sqliteRuns } from "./runs";
import { sqliteSnapshots } from "./snapshot";
import { sqliteSql } from "./sql";
import { sqliteSuites } from "./suites";

/** The embedded engine: better-sqlite3, synchronous bodies behind the async interface (ADR 9). */
export function createSqliteStore(ctx: DbCtx): Store {
  const sql = sqliteSql(ctx.db.$client);
  const snapshots = sqliteSnapshots(ctx.db.$client, sql);
  // One process writes a SQLite file: exclusive sections take turns in it.
  let turn: Promise<unknown> = Promise.resolve();
  return {
    engine: "sqlite",
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
    sql,
    snapshot: (read) => snapshots.snapshot(read),
    close: async () => {
      snapshots.close();
      ctx.db.$client.close();
    },
  };
}
