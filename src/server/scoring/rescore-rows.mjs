// The worker's half of rescoring a session (src/server/scoring/rescoreOffThread.ts is the other):
// it reads the session's stored traces through its own read-only connection
// (src/server/store/sessionTraces.mjs), scores each with the newest task version it was given, and
// posts back one small message per run: `start` before scoring it (so the server knows which run ran
// out of time if this thread has to be stopped), then its score or why it has none.
import { eachPgRow, eachSqliteRow } from "../store/sessionTraces.mjs";

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

export function rescoreRows({ dbPath, pgUrl, sessionId, after, tasks }, scoreRun, post) {
  const each = (row) => rescoreOne(row, tasks, scoreRun, post);
  const failed = (e) => post({ failed: e instanceof Error ? e.message : String(e) });
  if (pgUrl)
    return eachPgRow(pgUrl, sessionId, after, each)
      .catch(failed)
      .then(() => post({ done: true }));
  try {
    eachSqliteRow(dbPath, sessionId, after, each);
  } catch (e) {
    failed(e);
  }
  post({ done: true });
}
