import "server-only";
import type { Ctx } from "../context";
import { Trace } from "@/domain/protocol";
import { scoreRun } from "@/domain/scoring";
import { getTask } from "../suites/catalog";
import { insertScore } from "./insertScore";
import { insertTurns } from "./insertTurns";

/**
 * Rebuilds every run's derived rows (its score with the task version it ran, and its turns)
 * from the stored raw trace alone, for runs that have none. Raw traces are the source of truth:
 * this is how a damaged or dropped derived table is recovered. Returns the runs rebuilt.
 */
export function rebuildDerived(ctx: Ctx): number {
  const sqlite = ctx.db.$client;
  const runs = sqlite
    .prepare(
      `SELECT r.id, r.task_id, r.task_version, r.context_window, s.suite_id, t.body,
              EXISTS (SELECT 1 FROM scores WHERE run_id = r.id) AS scored, EXISTS (SELECT 1 FROM turns WHERE run_id = r.id) AS timed
         FROM runs r JOIN sessions s ON s.id = r.session_id JOIN traces t ON t.run_id = r.id ORDER BY r.id`,
    )
    .all() as {
    id: string;
    task_id: string;
    task_version: number;
    context_window: number;
    suite_id: string;
    body: string;
    scored: number;
    timed: number;
  }[];
  let rebuilt = 0;
  sqlite.transaction(() => {
    for (const r of runs) {
      if (r.scored && r.timed) continue;
      // An imported run has no raw trace to rebuild from.
      if ((JSON.parse(r.body) as { imported?: boolean }).imported) continue;
      const trace = Trace.parse(JSON.parse(r.body));
      if (!r.scored)
        insertScore(
          ctx,
          r.id,
          r.task_version,
          scoreRun(getTask(ctx, r.suite_id, r.task_id, r.task_version), trace, r.context_window),
        );
      if (!r.timed) insertTurns(ctx, r.id, trace);
      rebuilt++;
    }
  })();
  return rebuilt;
}
