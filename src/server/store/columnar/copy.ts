import "server-only";
import type Database from "better-sqlite3";
import { DuckDBDataChunk, type DuckDBAppender, type DuckDBConnection, type DuckDBType } from "@duckdb/node-api";
import { BIGINT, BOOLEAN, DOUBLE, VARCHAR } from "@duckdb/node-api";
import type { Kind, MirroredTable } from "./tables";

const TYPE: Record<Kind, DuckDBType> = { text: VARCHAR, int: BIGINT, bool: BOOLEAN, real: DOUBLE };
/** DuckDB's vector size: a data chunk holds at most this many rows. */
const CHUNK = 2048;

/** Rows of one mirrored table, read from SQLite with integers as BigInt (BIGINT takes no other). */
export type RawRows = unknown[][];

/** A prepared SQLite read of `t`'s rows, raw and with exact integers. */
export function rowReader(db: Database.Database, sql: string) {
  return db.prepare(sql).raw(true).safeIntegers(true);
}

/** Values as DuckDB's types take them: BIGINT a bigint, BOOLEAN a boolean, DOUBLE a number (SQLite's REAL holding an integer arrives as BigInt). */
function converter(kind: Kind): (v: unknown) => unknown {
  // SQLite hands over 0/1 (as BigInt), PostgreSQL booleans.
  if (kind === "bool") return (v) => (v === null || typeof v === "boolean" ? v : v !== 0n && v !== 0);
  if (kind === "real") return (v) => (typeof v === "bigint" ? Number(v) : v);
  if (kind === "int") return (v) => (typeof v === "number" ? BigInt(v) : v);
  return (v) => v;
}

/**
 * An appender into a DuckDB table that takes the database's rows through data chunks (a column
 * vector per column), the fast way in: row by row through the appender's typed calls is several
 * times slower in Node. Kept open across a full load's batches and flushed once at `close`: a flush
 * per batch cost most of DuckDB's side of the load.
 */
export async function tableAppender(conn: DuckDBConnection, table: string, t: MirroredTable) {
  const types = [...t.columns, ...t.derived].map((c) => TYPE[c.kind]);
  const convert = t.columns.map((c) => converter(c.kind));
  const derived = t.derived.map((d) => {
    const at = t.columns.findIndex((c) => c.name === d.from);
    if (at < 0) throw new Error(`${t.name}.${d.name} is derived from ${d.from}, which is not copied`);
    return (row: unknown[]) => d.compute(row[at]);
  });
  const valuesOf = (r: unknown[]) => [...r.map((v, i) => convert[i](v)), ...derived.map((f) => f(r))];
  const appender: DuckDBAppender = await conn.createAppender(table);
  return {
    append(rows: RawRows) {
      for (let start = 0; start < rows.length; start += CHUNK) {
        const slice = rows.slice(start, start + CHUNK);
        const chunk = DuckDBDataChunk.create(types, slice.length);
        chunk.setRows(slice.map(valuesOf) as never);
        appender.appendDataChunk(chunk);
      }
    },
    close() {
      try {
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
    },
  };
}

/** `rows` appended to `table` at once. */
export async function appendRows(conn: DuckDBConnection, table: string, t: MirroredTable, rows: RawRows) {
  if (!rows.length) return;
  const a = await tableAppender(conn, table, t);
  try {
    a.append(rows);
  } finally {
    a.close();
  }
}
