import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { SessionStanding } from "@/domain/analytics/sessionStanding";
import { runsWhere } from "./where";

const StandingRow = z.object({
  id: z.string(),
  name: z.string(),
  trial: flag,
  calibration: flag,
  repeats: int,
  cancelled: flag,
  imported: flag,
  queued: int,
  leased: int,
  completed: int,
  failed: int,
  cancelledJobs: int,
});

const count = (state: string) => `(SELECT COUNT(*) FROM jobs j WHERE j.session_id = s.id AND j.state = '${state}')`;

/** The standing (trial, repeats, cancel mark, job counts) of the named sessions, in the order given. */
export async function sessionStandings(ctx: Ctx, ids: readonly string[]): Promise<SessionStanding[]> {
  if (!ids.length) return [];
  const rows = await ctx.store.sql.all(
    StandingRow,
    `SELECT s.id AS "id", s.name AS "name", s.trial AS "trial", s.calibration AS "calibration", s.repeats AS "repeats",
            (CASE WHEN s.cancelled_at IS NULL THEN FALSE ELSE TRUE END) AS "cancelled",
            (CASE WHEN s.suite_id = 'imported' THEN TRUE ELSE FALSE END) AS "imported",
            ${count("queued")} AS "queued", ${count("leased")} AS "leased", ${count("completed")} AS "completed",
            ${count("failed")} AS "failed", ${count("cancelled")} AS "cancelledJobs"
       FROM sessions s WHERE s.id IN (${ids.map(() => "?").join(", ")})`,
    [...ids],
  );
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        trial: r.trial,
        calibration: r.calibration,
        repeats: r.repeats,
        cancelled: r.cancelled,
        imported: r.imported,
        counts: {
          queued: r.queued,
          leased: r.leased,
          completed: r.completed,
          failed: r.failed,
          cancelled: r.cancelledJobs,
        },
      } satisfies SessionStanding,
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const Named = z.object({ id: z.string(), name: z.string() });

/**
 * The newest complete session (isComplete in src/domain/analytics/sessionStanding.ts, asked in
 * SQL: not a trial or calibration, no cancel mark, more than one repeat, every job completed) with
 * runs matching the filter's other conditions (its session list set aside).
 */
export async function newestCompleteSession(
  ctx: Ctx,
  filter: AnalyticsFilter,
): Promise<{ id: string; name: string } | null> {
  const { sql } = ctx.store;
  const w = runsWhere({ ...filter, sessions: [], allSessions: false });
  return (
    (await sql.get(
      Named,
      `SELECT s.id AS "id", s.name AS "name" FROM sessions s
        WHERE s.trial = FALSE AND s.calibration = FALSE AND s.cancelled_at IS NULL AND s.repeats > 1
          AND s.suite_id <> 'imported'
          AND EXISTS (SELECT 1 FROM jobs j WHERE j.session_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.session_id = s.id AND j.state <> 'completed')
          AND EXISTS (SELECT 1 FROM runs r JOIN scores sc ON sc.run_id = r.id WHERE r.session_id = s.id AND ${w.sql})
        ORDER BY s.created_at DESC, ${dialectOf(sql).collateC("s.id")} DESC LIMIT 1`,
      w.params,
    )) ?? null
  );
}
