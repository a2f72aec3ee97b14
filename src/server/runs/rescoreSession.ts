import "server-only";
import type { Ctx } from "../context";
import type { Trace } from "@/domain/protocol";
import { unscorableScore } from "@/domain/scoring";
import type { RunScore } from "@/domain/scoring/types";
import type { Task } from "@/domain/suite/schema";
import { notFound } from "../errors";
import { rescoreOffThread, type RescoreRun, type RescoreSkip } from "../scoring/rescoreOffThread";
import { getNewestTask } from "../suites/catalog";
import { insertScore } from "./insertScore";

export interface RescoreChange {
  runId: string;
  taskId: string;
  configId: string;
  repeat: number;
  before: { passed: boolean; outcome: string; taskVersion: number };
  after: { passed: boolean; outcome: string; taskVersion: number; outcomeReason: string };
}

const SKIPPED: Record<RescoreSkip, (suiteId: string, taskId: string) => string> = {
  missing_task: (suiteId, taskId) => `suite ${suiteId} no longer has task ${taskId}`,
  imported: () => "it was imported from a runs.json, which carries no workspace to score",
  unreadable: () => "its stored trace could not be read by the scorer",
};

/**
 * Scores every run of a session again with the newest stored version of its task (same suite id
 * and task id). The earlier score is kept; the new one becomes current. Reports the runs whose
 * verdict or outcome flipped, and the runs it could not score: those it skipped (no such task any
 * more, imported, unreadable) keep their score; those whose scoring ran past the time limit get a
 * new current score marked unscorable (ADR 6), so the next rescore tries them again.
 *
 * The scoring runs on a worker thread that reads the traces itself (src/server/scoring), so the
 * server's thread only writes the scores, in one transaction at the end.
 */
export async function rescoreSession(ctx: Ctx, sessionId: string) {
  const sqlite = ctx.db.$client;
  const session = sqlite.prepare("SELECT suite_id FROM sessions WHERE id = ?").get(sessionId) as
    { suite_id: string } | undefined;
  if (!session) throw notFound("session", sessionId);
  // One lookup per task, not per run: the query and JSON.parse of the task document were
  // ~40% of rescoring time (docs/benchmarks.md).
  const tasks: Record<string, Task> = {};
  for (const { task_id } of sqlite.prepare("SELECT DISTINCT task_id FROM runs WHERE session_id = ?").all(sessionId) as {
    task_id: string;
  }[]) {
    const task = getNewestTask(ctx, session.suite_id, task_id);
    if (task) tasks[task_id] = task;
  }
  const results = await rescoreOffThread(sqlite.name, sessionId, tasks);

  const changed: RescoreChange[] = [];
  const unscorable: { runId: string; reason: string }[] = [];
  const scored: { r: RescoreRun; score: RunScore; version: number }[] = [];
  for (const x of results) {
    if ("skip" in x) unscorable.push({ runId: x.run.id, reason: SKIPPED[x.skip](session.suite_id, x.run.taskId) });
    else if ("score" in x) scored.push({ r: x.run, score: x.score, version: tasks[x.run.taskId].version });
    else {
      const task = tasks[x.run.taskId];
      const { body, context_window } = sqlite
        .prepare("SELECT t.body, r.context_window FROM traces t JOIN runs r ON r.id = t.run_id WHERE t.run_id = ?")
        .get(x.run.id) as { body: string; context_window: number };
      scored.push({
        r: x.run,
        score: unscorableScore(task, JSON.parse(body) as Trace, context_window, x.unscorable),
        version: task.version,
      });
      unscorable.push({ runId: x.run.id, reason: x.unscorable });
    }
  }
  sqlite.transaction(() => {
    // Retire the current scores of every rescored run in one statement, then add the new ones.
    sqlite
      .prepare("UPDATE scores SET current = 0 WHERE current = 1 AND run_id IN (SELECT value FROM json_each(?))")
      .run(JSON.stringify(scored.map((x) => x.r.id)));
    for (const { r, version, score } of scored) {
      insertScore(ctx, r.id, version, score, { clearCurrent: false });
      if (score.passed !== r.passed || score.outcome !== r.outcome) {
        changed.push({
          runId: r.id,
          taskId: r.taskId,
          configId: r.configId,
          repeat: r.repeat,
          before: { passed: r.passed, outcome: r.outcome, taskVersion: r.taskVersion },
          after: {
            passed: score.passed,
            outcome: score.outcome,
            taskVersion: version,
            outcomeReason: score.outcomeReason,
          },
        });
      }
    }
  })();
  return { session: { id: sessionId }, runs: results.length, rescored: scored.length, changed, unscorable };
}
