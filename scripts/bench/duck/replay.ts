/**
 * The baseline of every analytics figure: the very statements the service runs on SQLite, recorded
 * during one call (SQL and bound parameters), run again by DuckDB in memory over the same rows.
 * Their results are compared row for row before anything is timed, so the baseline computes the
 * same numbers. The few places where the two dialects differ are rewritten here, each said why.
 */
import type Database from "better-sqlite3";
import type { Ctx } from "../../../src/server/context";
import { sqliteSql } from "../../../src/server/store/sqlite/sql";
import type { DuckDBConnection, DuckDBValue } from "@duckdb/node-api";
import { sqliteDatabase } from "../../../src/server/store/sqlite";

export interface Recorded {
  sql: string;
  params: unknown[];
  kind: "all" | "get";
  result: unknown;
}

/**
 * Runs `fn` with `db.prepare` wrapped so each statement's SQL, parameters and result are recorded.
 * Awaited, so a service that became async (issue 18) is recorded to its end; a service that no
 * longer prepares on this connection records nothing, which the caller reports.
 */
export async function record<T>(
  db: Database.Database,
  fn: () => T,
): Promise<{ value: Awaited<T>; statements: Recorded[] }> {
  const statements: Recorded[] = [];
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => {
    const stmt = prepare(sql);
    const wrap =
      (kind: "all" | "get") =>
      (...params: unknown[]) => {
        const result = kind === "all" ? stmt.all(...params) : stmt.get(...params);
        statements.push({ sql, params, kind, result });
        return result;
      };
    return new Proxy(stmt, {
      get: (target, prop) => (prop === "all" || prop === "get" ? wrap(prop) : (Reflect.get(target, prop) as unknown)),
    });
  };
  try {
    return { value: await fn(), statements };
  } finally {
    (db as { prepare: unknown }).prepare = prepare;
  }
}

/**
 * `record` for the services on the SQL runner (issue 18.4): they are async and the runner caches
 * its prepared statements, so for the call the context gets a fresh runner over the wrapped
 * `prepare` (every statement then passes through it), and the recording ends when `fn` settles.
 */
export async function recordCall<T>(ctx: Ctx, fn: () => Promise<T> | T): Promise<{ value: T; statements: Recorded[] }> {
  const saved = ctx.store.sql;
  const savedFacts = ctx.store.facts;
  const recording = sqliteSql(sqliteDatabase(ctx.store));
  // A snapshot reads on a connection of its own, which `record` does not wrap: it stays as it is.
  (ctx.store as { sql: unknown }).sql = { ...recording, snapshot: saved.snapshot };
  // The statements the columnar mirror would answer are recorded on SQLite too (ADR 12).
  (ctx.store as { facts: unknown }).facts = async () => recording;
  try {
    return await record(sqliteDatabase(ctx.store), fn);
  } finally {
    (ctx.store as { sql: unknown }).sql = saved;
    (ctx.store as { facts: unknown }).facts = savedFacts;
  }
}

/** SQLite's SQL as DuckDB reads it. */
export function toDuck(sql: string): string {
  return (
    sql
      // SQLite divides integers to an integer (the median's middle rows); DuckDB's `/` gives a double.
      .replace(/\(n \+ (\d)\) \/ 2/g, "(n + $1) // 2")
      // A side flag is a comparison: 0/1 in SQLite, a BOOLEAN in DuckDB, which does not multiply.
      .replace(/(\(r\.config_id = \?(?: AND r\.session_id = \?)?\)) AS (ina|inb)/g, "CAST($1 AS INTEGER) AS $2")
      // json_extract gives SQLite's own value (a number, a string); DuckDB's gives JSON text.
      .replace(
        /COALESCE\(json_extract\(([^,]+), '([^']+)'\), 0\)/g,
        "COALESCE(CAST(json_extract_string($1, '$2') AS DOUBLE), 0)",
      )
      // A text value of a config's document (cf.doc, or plain doc): SQLite gives the text, DuckDB JSON.
      .replace(/json_extract\(((?:cf\.)?doc), '([^']+)'\)/g, "json_extract_string($1, '$2')")
      // SQLite's unary + keeps a column from choosing an index (dialect.notByIndex); DuckDB has no
      // unary + for text and needs no hint.
      .replace(/(?<=[\s(,])\+(?=[a-z_]\w*\.\w)/g, "")
      // The copy holds bodies as text (load.ts), which SQLite reads through trace_utf8 (db/traceCodec.mjs).
      .replace(/CAST\(trace_utf8\(((?:\w+\.)?body)\) AS TEXT\)/g, "$1")
      .replace(/json_extract\(tr\.body, '([^']+)'\)/g, "CAST(json_extract_string(tr.body, '$1') AS DOUBLE)")
      // SQLite takes a column that one group has a single value of (a run's own columns per run id)
      // without naming it in GROUP BY; DuckDB wants it named.
      // Aliases that are keywords in DuckDB (the TTFT fit's time column, a context-event count).
      .replace(/(?<![\w.'"$])(at|summarize)(?![\w'])/g, (m, w: string, i: number, all: string) =>
        all.includes(` AS ${w}`) ? `"${w}"` : m,
      )
      .replace(/FROM p, m\s*$/, "FROM p, m GROUP BY m.n, m.meanX, m.meanY")
      .replace(/GROUP BY r\.id(?![\w.])/g, "GROUP BY r.id, r.session_id, r.device_id, r.config_id, r.started_at")
      // GROUP_CONCAT(DISTINCT …) lists in no defined order in either engine: sorted on both sides in `same`.
      .replace(/GROUP_CONCAT\(DISTINCT (\w+)\)/g, "string_agg(DISTINCT $1, ',' ORDER BY $1)")
      // The runner's byte-order pin (dialect.collateC): DuckDB's default collation already is.
      .replace(/ COLLATE BINARY/g, "")
  );
}

const toJs = (v: unknown): unknown => (typeof v === "bigint" ? Number(v) : typeof v === "boolean" ? (v ? 1 : 0) : v);

/** Runs one recorded statement in DuckDB; rows as plain objects with SQLite's value types. */
export async function runInDuck(conn: DuckDBConnection, s: Recorded): Promise<unknown> {
  const params = s.params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p)) as DuckDBValue[];
  const reader = await conn.runAndReadAll(toDuck(s.sql), params);
  const rows = reader.getRowObjectsJS().map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, toJs(v)])));
  return s.kind === "get" ? rows[0] : rows;
}

/** The statements once more in DuckDB: what the baseline's time measures. */
export async function replay(conn: DuckDBConnection, statements: Recorded[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const s of statements) out.push(await runInDuck(conn, s));
  return out;
}

const norm = (v: unknown): string => {
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : v.toPrecision(9);
  if (typeof v === "string" && v.includes(",") && !v.startsWith("[") && !v.startsWith("{"))
    return v.split(",").sort().join(",");
  return JSON.stringify(v ?? null);
};
const rowKey = (r: unknown) =>
  r && typeof r === "object"
    ? Object.keys(r)
        .sort()
        .map((k) => `${k}=${norm((r as Record<string, unknown>)[k])}`)
        .join("|")
    : norm(r);

/**
 * Null when DuckDB's rows equal SQLite's (as multisets; numbers to 9 significant digits: the two engines sum doubles in different orders), else what
 * differs.
 */
export function differs(s: Recorded, duck: unknown): string | null {
  const a = (s.kind === "get" ? [s.result] : (s.result as unknown[])).map(rowKey);
  const b = (s.kind === "get" ? [duck] : (duck as unknown[])).map(rowKey);
  // As multisets: an ORDER BY may leave ties in either order (what a LIMIT keeps is still compared).
  a.sort();
  b.sort();
  if (a.length !== b.length) return `${a.length} rows in SQLite, ${b.length} in DuckDB`;
  const i = a.findIndex((x, j) => x !== b[j]);
  return i < 0 ? null : `row ${i}: SQLite ${a[i].slice(0, 300)} | DuckDB ${b[i].slice(0, 300)}`;
}
