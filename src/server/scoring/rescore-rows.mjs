// The worker's half of rescoring a session (src/server/scoring/rescoreOffThread.ts is the other):
// it reads the session's stored traces through its own read-only connection, so the bodies (up to
// 5 MiB each) are never copied between threads, scores each with the newest task version it was
// given, and posts back one small message per run: `start` before scoring it (so the server knows
// which run ran out of time if this thread has to be stopped), then its score or why it has none.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

export function rescoreRows({ dbPath, sessionId, after, tasks }, scoreRun, post) {
  const Database = require("better-sqlite3");
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT r.id, r.task_id, r.config_id, r.repeat, r.context_window, t.body, s.passed, s.outcome, s.task_version
           FROM runs r JOIN traces t ON t.run_id = r.id JOIN scores s ON s.run_id = r.id AND s.current = 1
          WHERE r.session_id = ? AND r.id > ? ORDER BY r.id`,
      )
      .iterate(sessionId, after ?? "");
    for (const { body, ...r } of rows) {
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
      if (!task) {
        post({ run, skip: "missing_task" });
        continue;
      }
      post({ start: run });
      let trace;
      try {
        trace = JSON.parse(body);
      } catch {
        post({ run, skip: "unreadable" });
        continue;
      }
      if (trace.imported) {
        post({ run, skip: "imported" });
        continue;
      }
      // Stored traces passed the Trace schema when they arrived and are never edited, so they
      // are not validated again; a trace the scorer still cannot read is reported, not fatal.
      try {
        post({ run, score: scoreRun(task, trace, r.context_window) });
      } catch {
        post({ run, skip: "unreadable" });
      }
    }
  } catch (e) {
    post({ failed: e instanceof Error ? e.message : String(e) });
  } finally {
    db.close();
  }
  post({ done: true });
}
