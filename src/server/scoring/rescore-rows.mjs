// The worker's half of rescoring a session (src/server/scoring/rescoreOffThread.ts is the other):
// it reads the session's stored traces through its own read-only connection (the SQLite file, or a
// PostgreSQL connection read through a cursor), so the bodies (up to 5 MiB each) are never copied
// between threads, scores each with the newest task version it was given, and posts back one small
// message per run: `start` before scoring it (so the server knows which run ran out of time if this
// thread has to be stopped), then its score or why it has none.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** The session's runs after `after`, in run id order; `?` placeholders, numbered for PostgreSQL below. */
const ROWS = `SELECT r.id, r.task_id, r.config_id, r.repeat, r.context_window, t.body, s.passed, s.outcome, s.task_version
  FROM runs r JOIN traces t ON t.run_id = r.id JOIN scores s ON s.run_id = r.id AND s.current
 WHERE r.session_id = ? AND r.id > ? ORDER BY r.id`;

function rescoreOne({ body, ...r }, tasks, scoreRun, post) {
  const run = {
    id: r.id,
    taskId: r.task_id,
    configId: r.config_id,
    repeat: r.repeat,
    passed: !!r.passed,
    outcome: r.outcome,
    taskVersion: r.task_version,
  };
  const task = tasks[r.task_id];
  if (!task) return post({ run, skip: "missing_task" });
  post({ start: run });
  let trace;
  try {
    trace = JSON.parse(body);
  } catch {
    return post({ run, skip: "unreadable" });
  }
  if (trace.imported) return post({ run, skip: "imported" });
  // Stored traces passed the Trace schema when they arrived and are never edited, so they
  // are not validated again; a trace the scorer still cannot read is reported, not fatal.
  try {
    post({ run, score: scoreRun(task, trace, r.context_window) });
  } catch {
    post({ run, skip: "unreadable" });
  }
}

export function rescoreRows(m, scoreRun, post) {
  if (m.pgUrl) return rescoreRowsPg(m, scoreRun, post);
  const { dbPath, sessionId, after, tasks } = m;
  const Database = require("better-sqlite3");
  let db;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    for (const row of db.prepare(ROWS).iterate(sessionId, after ?? "")) rescoreOne(row, tasks, scoreRun, post);
  } catch (e) {
    post({ failed: e instanceof Error ? e.message : String(e) });
  } finally {
    db?.close();
  }
  post({ done: true });
}

/** The same on PostgreSQL: a cursor reads a few traces at a time, so memory stays flat. */
async function rescoreRowsPg({ pgUrl, sessionId, after, tasks }, scoreRun, post) {
  const { Client } = require("pg");
  const Cursor = require("pg-cursor");
  const client = new Client({ connectionString: pgUrl });
  try {
    await client.connect();
    const cursor = client.query(new Cursor(ROWS.replace("?", "$1").replace("?", "$2"), [sessionId, after ?? ""]));
    for (;;) {
      const rows = await cursor.read(8);
      if (!rows.length) break;
      for (const row of rows) rescoreOne(row, tasks, scoreRun, post);
    }
    await cursor.close();
  } catch (e) {
    post({ failed: e instanceof Error ? e.message : String(e) });
  } finally {
    await client.end().catch(() => undefined);
  }
  post({ done: true });
}
