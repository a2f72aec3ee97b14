import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import type { Pool, PoolConfig } from "pg";
import * as schema from "./schema-pg";
import { pgStartError } from "../src/domain/store/pgStartError";
import { installPgFacts } from "./facts/pgInstall";

export type PgDb = NodePgDatabase<typeof schema> & { $client: Pool };

const MIGRATIONS = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations-pg");

/** The advisory lock every dashboard process takes to migrate (any fixed 64-bit key; this is "harness-lab:migrate"). */
export const MIGRATION_LOCK = 7_284_563_211_094_112n;

/**
 * The database named in DATABASE_URL could not be opened or migrated: `message` is one sentence
 * saying what to do (src/domain/store/pgStartError.ts); the driver's error is the `cause`.
 */
export class DatabaseStartError extends Error {
  override name = "DatabaseStartError";
}

/** True for the URLs that choose PostgreSQL (`DATABASE_URL`); anything else is SQLite. */
export { isPostgresUrl } from "./engine";

/**
 * Opens a pool on `url` and applies the committed PostgreSQL migrations under a session-level
 * advisory lock, so several dashboard processes can start at once: drizzle's migrator takes no
 * lock of its own (drizzle-orm #874), and two migrating together would both try to create the
 * same tables. `pg` is loaded here, on demand, so a SQLite dashboard never loads the driver.
 */
export async function openPgDb(url: string, pool: PoolConfig = {}): Promise<PgDb> {
  const { default: pg } = await import("pg");
  // COUNT(*), SUM() and bigint columns come back as strings unless told: ms timestamps and counts
  // here fit in a double exactly (below 2^53), so they are parsed as numbers in one place.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v));
  const client = new pg.Pool({ connectionString: url, max: 10, ...pool });
  const db = drizzle(client, { schema }) as PgDb;
  try {
    await migrateLocked(client, MIGRATIONS);
  } catch (err) {
    await client.end().catch(() => {});
    // drizzle wraps a failed migration statement; the server's SQLSTATE is on its cause.
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    throw new DatabaseStartError(pgStartError(e.code ? e : (e.cause ?? e), url), { cause: err });
  }
  return db;
}

/**
 * Runs the migrations in `folder` on one connection of `pool` while holding MIGRATION_LOCK, then
 * installs the summaries' maintenance rendered from db/facts (as SQLite's open does, db/runFacts.ts)
 * under the same lock, so that processes starting together install it once, after the tables exist.
 */
export async function migrateLocked(pool: Pool, folder: string): Promise<void> {
  const conn = await pool.connect();
  try {
    await conn.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK.toString()]);
    try {
      await migrate(drizzle(conn, { schema }), { migrationsFolder: folder });
      await installPgFacts(conn);
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK.toString()]);
    }
  } finally {
    conn.release();
  }
}
