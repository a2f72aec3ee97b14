import "server-only";
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";
import { parseRows, type SqlRunner } from "../sql";

/**
 * DuckDB's values as the services' row schemas take them from the other engines: integers
 * (BIGINT, and HUGEINT sums) as numbers, exactly while they fit in 2⁵³; past that a query that
 * needs every digit asks for text (`CAST(… AS TEXT)`, columns.ts `bigText`), as it does elsewhere.
 */
function toJs(v: unknown): unknown {
  if (typeof v !== "bigint") return v;
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
    throw new Error(
      `A count or sum from the columnar mirror (${v}) is past 2^53 and would be rounded: the query should read it as text.`,
    );
  return Number(v);
}

/**
 * Rows as objects, built from the result's columns: DuckDB's `getRowObjectsJS` converts value by
 * value through its converters, 680 ms for 100k rows of eight columns here; its columns, converted
 * per column, take 110 ms and the objects built from them a few more (ADR 12).
 */
function rowObjects(names: string[], columns: unknown[][]): Record<string, unknown>[] {
  // An empty result has no column arrays at all.
  const n = columns.length ? columns[0].length : 0;
  if (!n) return [];
  const rows: Record<string, unknown>[] = new Array(n);
  for (let i = 0; i < n; i++) rows[i] = {};
  names.forEach((name, c) => {
    const col = columns[c];
    const big = col.some((v) => typeof v === "bigint");
    for (let i = 0; i < n; i++) rows[i][name] = big ? toJs(col[i]) : col[i];
  });
  return rows;
}

/**
 * A pool of connections to one DuckDB instance: a connection runs one statement at a time, and a
 * service runs several at once (`Promise.all`), as may concurrent requests. Idle ones are kept.
 */
export function connectionPool(instance: DuckDBInstance) {
  const idle: DuckDBConnection[] = [];
  let closed = false;
  return {
    async with<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
      const c = idle.pop() ?? (await instance.connect());
      try {
        return await fn(c);
      } finally {
        if (closed || idle.length >= 8) c.closeSync();
        else idle.push(c);
      }
    },
    close() {
      closed = true;
      for (const c of idle.splice(0)) c.closeSync();
    },
  };
}

export type ConnectionPool = ReturnType<typeof connectionPool>;

/**
 * The runner over the mirror (dialect `duckdb`): the services' statements as they are, `?`
 * parameters bound positionally (DuckDB takes `?`), rows parsed by the caller's schema. Reads only.
 */
export function duckSql(pool: ConnectionPool): SqlRunner {
  const all = (text: string, params: readonly unknown[]) =>
    pool.with(async (c) => {
      const reader = await c.runAndReadAll(text, params as DuckDBValue[]);
      return rowObjects(reader.deduplicatedColumnNames(), reader.getColumnsJS() as unknown[][]);
    });
  return {
    dialect: "duckdb",
    all: async (row, text, params = []) => parseRows(row, await all(text, params), text),
    get: async (row, text, params = []) => {
      const rows = await all(text, params);
      return rows.length ? parseRows(row, [rows[0]], text)[0] : undefined;
    },
    run: async () => {
      throw new Error("The columnar mirror is read-only: write through ctx.store.sql (a bug, please report it).");
    },
  };
}
