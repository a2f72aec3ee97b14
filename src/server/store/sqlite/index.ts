import "server-only";
import type { DbCtx } from "./dbCtx";
import type { Store } from "../types";
import { sqliteAccess } from "./access";
import { sqliteSessions } from "./sessions";
import { sqliteDevices } from "./devices";
import { sqliteQueue } from "./queue";
import { sqliteExport, sqliteRuns } from "./runs";
import { sqliteSnapshots } from "./snapshot";
import { sqliteSql } from "./sql";
import { sqliteSuites } from "./suites";
import { sqliteFacts, type ColumnarFacts } from "../../columnar";

/** The embedded engine: better-sqlite3, synchronous bodies behind the async interface (ADR 9). */
export type SqliteStore = Store & { columnar: ColumnarFacts };

/** `columnar`: whether the analytics read the columnar mirror (default: ANALYTICS_ENGINE, ADR 12). */
export function createSqliteStore(ctx: DbCtx, opts: { columnar?: boolean } = {}): SqliteStore {
  const sql = sqliteSql(ctx.db.$client);
  const snapshots = sqliteSnapshots(ctx.db.$client, sql);
  const columnar = sqliteFacts(ctx.db.$client, sql, { enabled: opts.columnar });
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
    facts: () => columnar.facts(),
    columnar,
    close: async () => {
      await columnar.close();
      snapshots.close();
      ctx.db.$client.close();
    },
  };
}
