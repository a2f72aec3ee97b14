import "server-only";
import type { EventEmitter } from "node:events";
import type { Pool } from "pg";
import { openPgDb } from "@db/pg-client";
import type { Store } from "../types";
import { pgAccess, pgExclusive } from "./access";
import { pgSessions } from "./sessions";
import { pgDevices } from "./devices";
import { listenForJobs, type JobsListener } from "./listener";
import { pgQueue } from "./queue";
import { pgExport, pgRuns } from "./runs";
import { pgSnapshot, pgSql } from "./sql";
import { pgSuites } from "./suites";
import { columnarFacts, type ColumnarFacts } from "../columnar";
import { pgFactsSource } from "./factsSource";

export interface PgStore extends Store {
  /** The process's one LISTEN connection (tests check its reconnect). */
  listener: JobsListener;
  /** The pool (tests check that a waiting long-poll holds none of its connections). */
  pool: Pool;
  /** The analytics' columnar copy (ADR 12). */
  columnar: ColumnarFacts;
}

/**
 * The PostgreSQL engine: a pool (migrated under the advisory lock, db/pg-client.ts) and one LISTEN
 * connection whose notifications become `events` "jobs", so a long-poll here wakes when any
 * process queues or re-queues work. Loaded only through a dynamic import (src/server/context.ts).
 */
export async function createPgStore(
  url: string,
  events: EventEmitter,
  opts: { poolMax?: number; columnar?: boolean } = {},
): Promise<PgStore> {
  const db = await openPgDb(url, opts.poolMax ? { max: opts.poolMax } : {});
  // An idle pooled connection that the server drops (a restart, an admin's terminate) is reported
  // on the pool; without a listener that 'error' event would end the process. The pool opens a new one.
  db.$client.on("error", (err) => console.error("[harness-lab] an idle PostgreSQL connection failed", err.message));
  const listener = listenForJobs(url, () => events.emit("jobs"));
  await listener.listening();
  const sql = pgSql(db.$client);
  // The analytics' columnar copy (ADR 12), fed by migration 0010's log; each process keeps its own.
  const columnar = columnarFacts(pgFactsSource(db.$client), sql, { enabled: opts.columnar });
  return {
    engine: "postgres",
    url,
    queue: pgQueue(db),
    sessions: pgSessions(db),
    devices: pgDevices(db),
    suites: pgSuites(db),
    runs: pgRuns(db),
    export: pgExport(db),
    access: pgAccess(db.$client),
    exclusive: (name, fn) => pgExclusive(db.$client, name, fn),
    sql: { ...sql, snapshot: (read) => pgSnapshot(db.$client, read) },
    facts: () => columnar.facts(),
    columnar,
    listener,
    pool: db.$client,
    close: async () => {
      await columnar.close();
      await listener.close();
      await db.$client.end();
    },
  };
}
