import "server-only";
import type { SqlRunner } from "./sql";

/**
 * The SQL that differs between the engines, as small functions of column expressions, so each
 * analytics query is written once (issue 18.4). Everything else is the common subset both accept.
 */
export interface Dialect {
  /** A text value at a JSON path (`$.a.b`) of a JSON text column. */
  jsonText(col: string, path: string): string;
  /** Values of `expr` joined by `sep` (a literal), in `orderBy` order. */
  stringAgg(expr: string, sep: string, orderBy: string): string;
  /** The larger of two values (SQLite's scalar MAX, PostgreSQL's GREATEST). */
  greatest(a: string, b: string): string;
  /** 1 when a boolean (SQLite: 0/1) column is true, else 0: summable on both. */
  oneIf(col: string): string;
  /** Text compared byte by byte, as the golden exports are ordered. */
  collateC(expr: string): string;
  /**
   * `expr` as a grouping or ordering term that no index should provide (SQLite's unary `+`, a
   * no-op on the value): for a statement that needs each run's row, walking an index of
   * `run_facts` in that order costs a row lookup per run, more than a scan and a sort (ADR 11).
   */
  notByIndex(expr: string): string;
}

const sqlite: Dialect = {
  jsonText: (col, path) => `json_extract(${col}, '${path}')`,
  stringAgg: (expr, sep, orderBy) => `GROUP_CONCAT(${expr}, '${sep}' ORDER BY ${orderBy})`,
  greatest: (a, b) => `MAX(${a}, ${b})`,
  oneIf: (col) => `(CASE WHEN ${col} THEN 1 ELSE 0 END)`,
  collateC: (expr) => `${expr} COLLATE BINARY`,
  notByIndex: (expr) => `+${expr}`,
};

const postgres: Dialect = {
  jsonText: (col, path) =>
    `(${col}::jsonb #>> '{${path
      .replace(/^\$\.?/, "")
      .split(".")
      .filter(Boolean)
      .join(",")}}')`,
  stringAgg: (expr, sep, orderBy) => `STRING_AGG((${expr})::text, '${sep}' ORDER BY ${orderBy})`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  oneIf: (col) => `(CASE WHEN ${col} THEN 1 ELSE 0 END)`,
  collateC: (expr) => `${expr} COLLATE "C"`,
  // PostgreSQL has no unary plus on text, and its planner does not make this choice.
  notByIndex: (expr) => expr,
};

/**
 * DuckDB, for the columnar mirror (ADR 12): PostgreSQL's forms, run with `integer_division` on so
 * `/` of integers truncates as on the other two engines. Its text order is byte order already.
 * Every form here is one SQLite also reads the same way (SQLite's default collation is byte order;
 * it has STRING_AGG with ORDER BY and GREATEST-free CASE), so a statement that DuckDB fails on can
 * be answered by SQLite as it stands (src/server/columnar/index.ts).
 */
const duckdb: Dialect = {
  // The mirror copies no JSON column: a statement that reads one belongs on ctx.store.sql.
  jsonText: (col) => {
    throw new Error(
      `The columnar mirror holds no JSON (${col}): read it through ctx.store.sql (a bug, please report it).`,
    );
  },
  stringAgg: (expr, sep, orderBy) => `STRING_AGG(CAST(${expr} AS VARCHAR), '${sep}' ORDER BY ${orderBy})`,
  greatest: postgres.greatest,
  oneIf: postgres.oneIf,
  collateC: (expr) => expr,
  notByIndex: (expr) => expr,
};

export function dialectOf(sql: Pick<SqlRunner, "dialect">): Dialect {
  return sql.dialect === "postgres" ? postgres : sql.dialect === "duckdb" ? duckdb : sqlite;
}
