import "server-only";
import type { SqlRunner } from "./sql";
import { ftsMatch, tsQuery, type SearchWords } from "@/domain/runs/search";

/**
 * The SQL that differs between the engines, as small functions of column expressions, so each
 * analytics query is written once (issue 18.4). Everything else is the common subset both accept.
 */
export interface Dialect {
  /**
   * The JSON text of a trace body (`traces.body`): SQLite stores bodies compressed and reads them
   * through trace_utf8 (db/traceCodec.mjs); PostgreSQL stores the text (TOAST compresses it).
   * Every read of a body, in SQL or selected for JavaScript, goes through this.
   */
  traceText(col: string): string;
  /** A text value at a JSON path (`$.a.b`) of a JSON text column. */
  jsonText(col: string, path: string): string;
  /**
   * Text values at several JSON paths (`name: "$.a"`) of one JSON text column: the FROM item to add
   * after the table of `col` (empty where none is needed) and each value's column expression, read
   * from `alias`. PostgreSQL parses the whole text again for each `::jsonb`, so there the text is
   * parsed once in a LATERAL subquery; SQLite's json_extract keeps its last parses per statement.
   */
  jsonFields<K extends string>(col: string, alias: string, paths: Record<K, string>): JsonFields<K>;
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
  /**
   * The runs whose text matches a search (src/domain/runs/search.ts): a condition on `r.id`, read
   * from the search index that db/migrations/0016_runs-search.sql (SQLite FTS5) and
   * db/migrations-pg/0015_runs-search.sql (a GIN-indexed tsvector) keep. `words` is never empty.
   */
  runsMatching(words: SearchWords): { sql: string; params: unknown[] };
}

/** Dialect.jsonFields' answer. */
export type JsonFields<K extends string> = { join: string; cols: Record<K, string> };

const mapValues = <K extends string>(o: Record<K, string>, f: (v: string, k: K) => string) =>
  Object.fromEntries(Object.entries<string>(o).map(([k, v]) => [k, f(v, k as K)])) as Record<K, string>;

const pgPath = (path: string) =>
  `'{${path
    .replace(/^\$\.?/, "")
    .split(".")
    .filter(Boolean)
    .join(",")}}'`;

const sqlite: Dialect = {
  traceText: (col) => `CAST(trace_utf8(${col}) AS TEXT)`,
  jsonText: (col, path) => `json_extract(${col}, '${path}')`,
  jsonFields: (col, _alias, paths) => ({ join: "", cols: mapValues(paths, (p) => `json_extract(${col}, '${p}')`) }),
  stringAgg: (expr, sep, orderBy) => `GROUP_CONCAT(${expr}, '${sep}' ORDER BY ${orderBy})`,
  greatest: (a, b) => `MAX(${a}, ${b})`,
  oneIf: (col) => `(CASE WHEN ${col} THEN 1 ELSE 0 END)`,
  collateC: (expr) => `${expr} COLLATE BINARY`,
  notByIndex: (expr) => `+${expr}`,
  runsMatching: (words) => ({
    sql: "r.id IN (SELECT run_id FROM runs_search WHERE runs_search MATCH ?)",
    params: [ftsMatch(words)],
  }),
};

const postgres: Dialect = {
  traceText: (col) => col,
  jsonText: (col, path) => `(${col}::jsonb #>> ${pgPath(path)})`,
  // OFFSET 0 keeps the planner from pulling the subquery up, which would put one `::jsonb` back
  // into each value. Checked on PostgreSQL 15 with runs.csv's four values of 100k ~22 KB traces in
  // the export's order: 15.5 s with a parse per value, 8.2 s parsed once; reading the bodies alone, 3.9 s.
  jsonFields: (col, alias, paths) => ({
    join: `CROSS JOIN LATERAL (SELECT ${Object.entries<string>(paths)
      .map(([k, p]) => `j #>> ${pgPath(p)} AS ${k}`)
      .join(", ")} FROM (SELECT ${col}::jsonb AS j OFFSET 0) ${alias}_j) ${alias}`,
    cols: mapValues(paths, (_p, k) => `${alias}.${k}`),
  }),
  stringAgg: (expr, sep, orderBy) => `STRING_AGG((${expr})::text, '${sep}' ORDER BY ${orderBy})`,
  greatest: (a, b) => `GREATEST(${a}, ${b})`,
  oneIf: (col) => `(CASE WHEN ${col} THEN 1 ELSE 0 END)`,
  collateC: (expr) => `${expr} COLLATE "C"`,
  // PostgreSQL has no unary plus on text, and its planner does not make this choice.
  notByIndex: (expr) => expr,
  runsMatching: (words) => ({
    sql: "r.id IN (SELECT run_id FROM runs_search WHERE doc @@ to_tsquery('simple', ?))",
    params: [tsQuery(words)],
  }),
};

function noJson(col: string): never {
  throw new Error(
    `The columnar mirror holds no JSON (${col}): read it through ctx.store.sql (a bug, please report it).`,
  );
}

/**
 * DuckDB, for the columnar mirror (ADR 12): PostgreSQL's forms, run with `integer_division` on so
 * `/` of integers truncates as on the other two engines. Its text order is byte order already.
 * Every form here is one SQLite also reads the same way (SQLite's default collation is byte order;
 * it has STRING_AGG with ORDER BY and GREATEST-free CASE), so a statement that DuckDB fails on can
 * be answered by SQLite as it stands (src/server/store/columnar/index.ts).
 */
const duckdb: Dialect = {
  traceText: (col) => noJson(col),
  // The mirror copies no JSON column: a statement that reads one belongs on ctx.store.sql.
  jsonText: (col) => noJson(col),
  jsonFields: (col) => noJson(col),
  stringAgg: (expr, sep, orderBy) => `STRING_AGG(CAST(${expr} AS VARCHAR), '${sep}' ORDER BY ${orderBy})`,
  greatest: postgres.greatest,
  oneIf: postgres.oneIf,
  collateC: (expr) => expr,
  notByIndex: (expr) => expr,
  // The mirror copies no search index: the explorer reads ctx.store.sql.
  runsMatching: () => {
    throw new Error(
      "The columnar mirror holds no search index: search runs through ctx.store.sql (a bug, please report it).",
    );
  },
};

export function dialectOf(sql: Pick<SqlRunner, "dialect">): Dialect {
  return sql.dialect === "postgres" ? postgres : sql.dialect === "duckdb" ? duckdb : sqlite;
}
