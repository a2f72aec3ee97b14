import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { Trace } from "@/domain/protocol";
import { unscorableScore } from "@/domain/scoring";
import type { RunScore } from "@/domain/scoring/types";
import type { Task } from "@/domain/suite/schema";
import { notFound } from "../errors";
import { rescoreOffThread, type RescoreRun, type RescoreSkip, type TraceSource } from "../scoring/rescoreOffThread";
import { int } from "../store/columns";
import { dialectOf } from "../store/dialect";

export interface RescoreChange {
  runId: string;
  taskId: string;
  configId: string;
  repeat: number;
  before: { passed: boolean; outcome: string; taskVersion: number };
  after: { passed: boolean; outcome: string; taskVersion: number; outcomeReason: string };
}

const SessionRow = z.object({ suiteId: z.string() });
const TaskIdRow = z.object({ taskId: z.string() });
const StoredRow = z.object({ body: z.string(), contextWindow: int });

/** Where the scoring worker reads the session's traces from: the SQLite file, or the PostgreSQL database. */
function traceSource(ctx: Ctx): TraceSource {
  return ctx.store.engine === "postgres" ? { pgUrl: ctx.store.url! } : { dbPath: ctx.store.file! };
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
  const { sql } = ctx.store;
  const session = await sql.get(SessionRow, `SELECT suite_id AS "suiteId" FROM sessions WHERE id = ?`, [sessionId]);
  if (!session) throw notFound("session", sessionId);
  // One lookup per task, not per run: the query and JSON.parse of the task document were
  // ~40% of rescoring time (ADR 6).
  const tasks: Record<string, Task> = {};
  for (const { taskId } of await sql.all(
    TaskIdRow,
    `SELECT DISTINCT task_id AS "taskId" FROM runs WHERE session_id = ?`,
    [sessionId],
  )) {
    const task = await ctx.store.suites.newestTask(session.suiteId, taskId);
    if (task) tasks[taskId] = task;
  }
  const results = await rescoreOffThread(traceSource(ctx), sessionId, tasks);

  const changed: RescoreChange[] = [];
  const unscorable: { runId: string; reason: string }[] = [];
  const scored: { r: RescoreRun; score: RunScore; version: number }[] = [];
  for (const x of results) {
    if ("skip" in x) unscorable.push({ runId: x.run.id, reason: SKIPPED[x.skip](session.suiteId, x.run.taskId) });
    else if ("score" in x) scored.push({ r: x.run, score: x.score, version: tasks[x.run.taskId].version });
    else {
      const task = tasks[x.run.taskId];
      const stored = await sql.get(
        StoredRow,
        `SELECT ${dialectOf(sql).traceText("t.body")} AS body, r.context_window AS "contextWindow" FROM traces t JOIN runs r ON r.id = t.run_id WHERE t.run_id = ?`,
        [x.run.id],
      );
      if (!stored) throw notFound("run", x.run.id);
      scored.push({
        r: x.run,
        score: unscorableScore(task, JSON.parse(stored.body) as Trace, stored.contextWindow, x.unscorable),
        version: task.version,
      });
      unscorable.push({ runId: x.run.id, reason: x.unscorable });
    }
  }
  const now = ctx.now();
  await ctx.store.runs.rescore(
    scored.map(({ r, version, score }) => ({ runId: r.id, taskVersion: version, score, createdAt: now })),
  );
  for (const { r, version, score } of scored) {
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
  return { session: { id: sessionId }, runs: results.length, rescored: scored.length, changed, unscorable };
}
