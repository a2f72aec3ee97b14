import "server-only";
import type { Pool, PoolClient } from "pg";
import { parseRows, toPgPlaceholders, type SqlRunner } from "../sql";

/** The PostgreSQL runner: one query per call on `on` (the pool, or one connection), `?` numbered to `$n`. */
export function pgSql(on: Pool | PoolClient): SqlRunner {
  const query = (text: string, params: readonly unknown[]) => on.query(toPgPlaceholders(text), params as unknown[]);
  return {
    dialect: "postgres",
    all: async (row, text, params = []) => parseRows(row, (await query(text, params)).rows, text),
    get: async (row, text, params = []) => {
      const rows = (await query(text, params)).rows;
      return rows.length ? parseRows(row, [rows[0]], text)[0] : undefined;
    },
    run: async (text, params = []) => (await query(text, params)).rowCount ?? 0,
  };
}

/**
 * `fn` in one REPEATABLE READ, READ ONLY transaction on one pooled connection: every query sees the
 * database as of the first, and nothing is locked.
 */
export async function pgReadOnly<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    try {
      const out = await fn(client);
      await client.query("COMMIT");
      return out;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    }
  } finally {
    client.release();
  }
}

/** One snapshot (`Store.sql.snapshot`): `read`'s queries all see the database as of its first. */
export function pgSnapshot<T>(pool: Pool, read: (sql: SqlRunner) => Promise<T>): Promise<T> {
  return pgReadOnly(pool, (client) => read(pgSql(client)));
}
