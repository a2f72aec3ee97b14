import "server-only";
import type { Pool } from "pg";
import { parseRows, toPgPlaceholders, type SqlRunner } from "../sql";

/** The PostgreSQL runner: one pooled query per call, `?` numbered to `$n`. */
export function pgSql(pool: Pool): SqlRunner {
  return {
    dialect: "postgres",
    all: async (row, text, params = []) =>
      parseRows(row, (await pool.query(toPgPlaceholders(text), params as unknown[])).rows, text),
    get: async (row, text, params = []) => {
      const rows = (await pool.query(toPgPlaceholders(text), params as unknown[])).rows;
      return rows.length ? parseRows(row, [rows[0]], text)[0] : undefined;
    },
    run: async (text, params = []) => (await pool.query(toPgPlaceholders(text), params as unknown[])).rowCount ?? 0,
  };
}
