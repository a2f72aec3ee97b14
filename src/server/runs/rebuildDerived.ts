import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { Trace } from "@/domain/protocol";
import { scoreRun } from "@/domain/scoring";
import { flag, int } from "../store/columns";
import { dialectOf } from "../store/dialect";
import type { ScoreWrite } from "../store/types";

const RunRow = z.object({
  id: z.string(),
  taskId: z.string(),
  taskVersion: int,
  contextWindow: int,
  suiteId: z.string(),
  body: z.string(),
  scored: flag,
  timed: flag,
});

/**
 * Rebuilds every run's derived rows (its score with the task version it ran, and its turns)
 * from the stored raw trace alone, for runs that have none. Raw traces are the source of truth:
 * this is how a damaged or dropped derived table is recovered. Returns the runs rebuilt.
 */
export async function rebuildDerived(ctx: Ctx): Promise<number> {
  const runs = await ctx.store.sql.all(
    RunRow,
    `SELECT r.id, r.task_id AS "taskId", r.task_version AS "taskVersion", r.context_window AS "contextWindow",
            s.suite_id AS "suiteId", ${dialectOf(ctx.store.sql).traceText("t.body")} AS body,
            EXISTS (SELECT 1 FROM scores WHERE run_id = r.id) AS scored, EXISTS (SELECT 1 FROM turns WHERE run_id = r.id) AS timed
       FROM runs r JOIN sessions s ON s.id = r.session_id JOIN traces t ON t.run_id = r.id ORDER BY r.id`,
  );
  const now = ctx.now();
  const rows: { score?: ScoreWrite; turns?: { runId: string; turns: Trace["turns"] } }[] = [];
  for (const r of runs) {
    if (r.scored && r.timed) continue;
    // An imported run has no raw trace to rebuild from.
    if ((JSON.parse(r.body) as { imported?: boolean }).imported) continue;
    const trace = Trace.parse(JSON.parse(r.body));
    const task = r.scored ? undefined : await ctx.store.queue.task(r.suiteId, r.taskId, r.taskVersion);
    rows.push({
      score: task && {
        runId: r.id,
        taskVersion: r.taskVersion,
        score: scoreRun(task, trace, r.contextWindow),
        createdAt: now,
      },
      turns: r.timed ? undefined : { runId: r.id, turns: trace.turns },
    });
  }
  await ctx.store.runs.rebuild(rows);
  return rows.length;
}
