import "server-only";
import type { Ctx } from "../context";
import type { Trace } from "@/domain/protocol";
import { scoreRun } from "@/domain/scoring";
import { notFound } from "../errors";
import { getNewestTask } from "../suites/catalog";
import { insertScore } from "./insertScore";

interface RunRow {
  id: string; task_id: string; config_id: string; repeat: number; context_window: number; body: string;
  passed: number; outcome: string; task_version: number;
}

export interface RescoreChange {
  runId: string;
  taskId: string;
  configId: string;
  repeat: number;
  before: { passed: boolean; outcome: string; taskVersion: number };
  after: { passed: boolean; outcome: string; taskVersion: number; outcomeReason: string };
}

/**
 * Scores every run of a session again with the newest stored version of its task (same suite id
 * and task id). The earlier score is kept; the new one becomes current. Reports the runs whose
 * verdict or outcome flipped.
 */
export function rescoreSession(ctx: Ctx, sessionId: string) {
  const sqlite = ctx.db.$client;
  const session = sqlite.prepare("SELECT suite_id FROM sessions WHERE id = ?").get(sessionId) as { suite_id: string } | undefined;
  if (!session) throw notFound("session", sessionId);
  // Rows are read one at a time (a cursor, not one array of every trace): each body is parsed,
  // scored and dropped before the next, so the session's traces (tens of MB) never sit in the heap
  // together; holding them all made garbage collection far slower (docs/benchmarks.md, third round).
  const rows = sqlite
    .prepare(
      `SELECT r.id, r.task_id, r.config_id, r.repeat, r.context_window, t.body, s.passed, s.outcome, s.task_version
         FROM runs r JOIN traces t ON t.run_id = r.id JOIN scores s ON s.run_id = r.id AND s.current = 1
        WHERE r.session_id = ? ORDER BY r.id`,
    )
    .iterate(sessionId) as IterableIterator<RunRow>;

  const changed: RescoreChange[] = [];
  const unscorable: { runId: string; reason: string }[] = [];
  let rescored = 0;
  let runs = 0;
  const newest = new Map<string, ReturnType<typeof getNewestTask>>();
  const scored: { r: Omit<RunRow, "body">; version: number; score: ReturnType<typeof scoreRun> }[] = [];
  for (const { body: raw, ...r } of rows) {
    runs++;
    // One lookup per task, not per run: the query and JSON.parse of the task document were
    // ~40% of rescoring time (docs/benchmarks.md).
    if (!newest.has(r.task_id)) newest.set(r.task_id, getNewestTask(ctx, session.suite_id, r.task_id));
    const task = newest.get(r.task_id);
    if (!task) {
      unscorable.push({ runId: r.id, reason: `suite ${session.suite_id} no longer has task ${r.task_id}` });
      continue;
    }
    const body = JSON.parse(raw) as { imported?: boolean };
    if (body.imported) {
      unscorable.push({ runId: r.id, reason: "it was imported from a runs.json, which carries no workspace to score" });
      continue;
    }
    // Stored traces passed the Trace schema when they were received and are never edited
    // (protocol v1 only ever adds fields), so they are not validated again: that was a third
    // of rescoring's time. A trace the scorer still cannot read is reported, not fatal.
    try {
      scored.push({ r, version: task.version, score: scoreRun(task, body as Trace, r.context_window) });
    } catch {
      unscorable.push({ runId: r.id, reason: "its stored trace could not be read by the scorer" });
    }
  }
  sqlite.transaction(() => {
    // Retire the current scores of every rescored run in one statement, then add the new ones.
    sqlite.prepare("UPDATE scores SET current = 0 WHERE current = 1 AND run_id IN (SELECT value FROM json_each(?))").run(JSON.stringify(scored.map((x) => x.r.id)));
    for (const { r, version, score } of scored) {
      insertScore(ctx, r.id, version, score, { clearCurrent: false });
      rescored++;
      if (score.passed !== !!r.passed || score.outcome !== r.outcome) {
        changed.push({
          runId: r.id, taskId: r.task_id, configId: r.config_id, repeat: r.repeat,
          before: { passed: !!r.passed, outcome: r.outcome, taskVersion: r.task_version },
          after: { passed: score.passed, outcome: score.outcome, taskVersion: version, outcomeReason: score.outcomeReason },
        });
      }
    }
  })();
  return { session: { id: sessionId }, runs, rescored, changed, unscorable };
}
