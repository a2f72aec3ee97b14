import "server-only";
import type { DbCtx } from "../../context";
import type { Store } from "../types";
import { sqliteSessions } from "./sessions";
import { sqliteDevices } from "./devices";
import { sqliteQueue } from "./queue";
import { sqliteSql } from "./sql";

/** The embedded engine: better-sqlite3, synchronous bodies behind the async interface (ADR 9). */
export function createSqliteStore(ctx: DbCtx): Store {
  return {
    engine: "sqlite",
    queue: sqliteQueue(ctx),
    sessions: sqliteSessions(ctx),
    devices: sqliteDevices(ctx),
    sql: sqliteSql(ctx.db.$client),
    close: async () => {
      ctx.db.$client.close();
    },
  };
}
