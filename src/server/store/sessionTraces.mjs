// The rows a rescoring worker reads (src/server/scoring/rescore-rows.mjs scores them): a session's
// runs with their stored traces, through the worker's own read-only connection (the SQLite file, or
// a PostgreSQL connection read through a cursor), so the bodies (up to 5 MiB each) are never copied
// between threads. Plain JavaScript, since the worker loads it before tsx's hook is registered.
import { createRequire } from "node:module";
import { installTraceCodec } from "../../../db/traceCodec.mjs";

const require = createRequire(import.meta.url);

/**
 * The session's runs after `after`, in run id order; `?` placeholders, numbered for PostgreSQL
 * below. `body` is the trace's JSON text: trace_utf8 on SQLite, which stores bodies compressed
 * (db/traceCodec.mjs, as src/server/store/dialect.ts's traceText spells it).
 */
const rows = (
  body,
) => `SELECT r.id, r.task_id, r.config_id, r.repeat, r.context_window, ${body} AS body, s.passed, s.outcome, s.task_version
  FROM runs r JOIN traces t ON t.run_id = r.id JOIN scores s ON s.run_id = r.id AND s.current
 WHERE r.session_id = ? AND r.id > ? ORDER BY r.id`;

/** Calls `each` with every row, synchronously, from the SQLite file `dbPath`. */
export function eachSqliteRow(dbPath, sessionId, after, each) {
  const Database = require("better-sqlite3");
  let db;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    installTraceCodec(db);
    for (const row of db.prepare(rows("CAST(trace_utf8(t.body) AS TEXT)")).iterate(sessionId, after ?? "")) each(row);
  } finally {
    db?.close();
  }
}

/** The same on PostgreSQL: a cursor reads a few traces at a time, so memory stays flat. */
export async function eachPgRow(pgUrl, sessionId, after, each) {
  const { Client } = require("pg");
  const Cursor = require("pg-cursor");
  const client = new Client({ connectionString: pgUrl });
  try {
    await client.connect();
    const cursor = client.query(
      new Cursor(rows("t.body").replace("?", "$1").replace("?", "$2"), [sessionId, after ?? ""]),
    );
    for (;;) {
      const rows = await cursor.read(8);
      if (!rows.length) break;
      for (const row of rows) each(row);
    }
    await cursor.close();
  } finally {
    await client.end().catch(() => undefined);
  }
}
