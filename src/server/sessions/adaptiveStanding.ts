import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { adaptiveSummary, meanRunMs, type AdaptiveBounds, type SettledTask } from "@/domain/sessions/adaptive";
import type { Plan } from "@/domain/study/plan";
import { dialectOf } from "../store/dialect";
import type { SqlRunner } from "../store/sql";
import { ADAPTIVE_JOBS, AdaptiveJobRow } from "../store/rows";

const TimedRow = z.object({ startedAt: z.string(), endedAt: z.string().nullable() });

/**
 * Issue 36.2: where an adaptive session stands (src/domain/sessions/adaptive.ts adaptiveSummary),
 * with its bounds, as `GET /api/sessions/{id}` returns it; null for a fixed design.
 */
export async function adaptiveStanding(
  ctx: Ctx,
  sql: SqlRunner,
  s: {
    id: string;
    adaptive: string | null;
    settled: string | null;
    taskIds: string[];
    configIds: string[];
    cancelled: boolean;
  },
  plan: Plan | null,
) {
  if (!s.adaptive || !plan) return null;
  const bounds = JSON.parse(s.adaptive) as AdaptiveBounds;
  const settled = s.settled ? (JSON.parse(s.settled) as SettledTask[]) : [];
  const jobs = await sql.all(AdaptiveJobRow, ADAPTIVE_JOBS, [s.id]);
  const d = dialectOf(sql);
  // The latest 200 runs are plenty for a mean run time; the end time is read after the LIMIT.
  const timed = await sql.all(
    TimedRow,
    `SELECT r.started_at AS "startedAt",
       (SELECT ${d.jsonText(d.traceText("t.body"), "$.endedAt")} FROM traces t WHERE t.run_id = r.id) AS "endedAt"
     FROM runs r WHERE r.session_id = ? AND NOT r.superseded ORDER BY r.received_at DESC LIMIT 200`,
    [s.id],
  );
  const summary = adaptiveSummary({
    a: plan.a,
    b: plan.b,
    alpha: plan.alpha,
    bounds,
    taskIds: s.taskIds,
    configIds: s.configIds,
    settled,
    jobs,
    meanRunMs: meanRunMs(timed),
    cancelled: s.cancelled,
  });
  return { ...bounds, ...summary, settled };
}
