import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, numOrNull } from "../store/columns";
import type { FigureContext } from "@/domain/analytics/figureCaption";
import { FROM_RUNS, runsWhere } from "./where";
import type { Selection } from "./resolveSelection";

const Totals = z.object({ runs: int, tasks: int, last: numOrNull });
const Name = z.object({ name: z.string() });

/**
 * What every figure of an analytics page carries into its exported file (issue 34.6): n (runs and
 * tasks) over the page's selection, the sessions' names (newest first) and when the newest of its
 * runs reached the dashboard.
 */
export async function figureFacts(ctx: Ctx, selection: Selection): Promise<FigureContext> {
  const w = runsWhere(selection.filter);
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const [totals, names] = await Promise.all([
    sql.get(
      Totals,
      `SELECT COUNT(*) AS "runs", COUNT(DISTINCT r.task_id) AS "tasks", MAX(r.received_at) AS "last"
         FROM ${FROM_RUNS} WHERE ${w.sql}`,
      w.params,
    ),
    sql.all(
      Name,
      `SELECT MAX(s.name) AS "name" FROM ${FROM_RUNS} WHERE ${w.sql}
        GROUP BY r.session_id ORDER BY MAX(s.created_at) DESC, ${d.collateC("r.session_id")} DESC`,
      w.params,
    ),
  ]);
  return {
    runs: totals?.runs ?? 0,
    tasks: totals?.tasks ?? 0,
    sessions: names.map((n) => n.name),
    allSessions: selection.mode === "all",
    lastRunAt: totals?.last ?? null,
  };
}
