import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import * as schema from "./schema";
import { installRunFacts } from "./runFacts";
import { installTraceCodec } from "./traceCodec.mjs";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DEFAULT_DB_PATH = "./data/harness-lab.db";
/** The page size of a database this dashboard creates, and the one `npm run compact` moves older files to. */
export const PAGE_SIZE = 16384;
const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

/**
 * Opens (creating if needed) the SQLite database and applies committed migrations.
 * WAL lets readers run beside the single writer; synchronous=FULL makes a committed
 * transaction survive power loss, which is what a `201` for a trace promises.
 */
export function openDb(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  // 16 KiB pages (ADR 21): a compressed trace body (~1 KB, some past 4 KB) leaves a fifth of a 4 KiB
  // page empty or spills into an overflow page. Takes effect only on a new, empty database; an older
  // file keeps its pages until `npm run compact`.
  sqlite.pragma(`page_size = ${PAGE_SIZE}`);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // Before the migrations: the search index's view and the facts' triggers read bodies through it.
  installTraceCodec(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS });
  installRunFacts(sqlite);
  return db;
}
