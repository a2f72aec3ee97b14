import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int, numOrNull } from "../store/columns";
import type { FigureContext } from "@/domain/analytics/figureCaption";
import { FROM_FACTS, factsWhere } from "./where";
import type { Selection } from "./resolveSelection";

const Totals = z.object({ runs: int, tasks: int, last: numOrNull });
const SessionId = z.object({ id: z.string() });
const Named = z.object({ id: z.string(), name: z.string() });

/**
 * What every figure of an analytics page carries into its exported file (issue 34.6): n (runs and
 * tasks) over the page's selection, the sessions' names (newest first) and when the newest of its
 * runs reached the dashboard. Counted on the analytics' door (run_facts, the columnar copy once
 * loaded), as the page's figures are; only the names come from the sessions table.
 */
export async function figureFacts(ctx: Ctx, selection: Selection): Promise<FigureContext> {
  const w = factsWhere(selection.filter);
  const facts = await ctx.store.facts();
  const [totals, ids] = await Promise.all([
    facts.get(
      Totals,
      `SELECT COUNT(*) AS "runs", COUNT(DISTINCT r.task_id) AS "tasks", MAX(r.received_at) AS "last"
         FROM ${FROM_FACTS} WHERE ${w.sql}`,
      w.params,
    ),
    facts.all(
      SessionId,
      `SELECT r.session_id AS "id" FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.session_id`,
      w.params,
    ),
  ]);
  const { sql } = ctx.store;
  const names = ids.length
    ? await sql.all(
        Named,
        `SELECT id, name FROM sessions WHERE id IN (${ids.map(() => "?").join(", ")})
          ORDER BY created_at DESC, ${dialectOf(sql).collateC("id")} DESC`,
        ids.map((r) => r.id),
      )
    : [];
  return {
    runs: totals?.runs ?? 0,
    tasks: totals?.tasks ?? 0,
    sessions: names.map((n) => n.name),
    allSessions: selection.mode === "all",
    lastRunAt: totals?.last ?? null,
  };
}
