import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { SelectionMode } from "@/domain/analytics/selection";
import { runsWhere } from "./where";

export interface Selection {
  /** The filter as the address gave it (tabs keep it, so the default follows the newest session). */
  requested: AnalyticsFilter;
  /** The filter every figure reads: the sessions made explicit, unless every session is pooled. */
  filter: AnalyticsFilter;
  mode: SelectionMode;
  /** Named ids no session has, in the order given. */
  unknown: string[];
  /**
   * For the default: a newer session with matching runs left out because it was cancelled (a
   * cancelled session is never the default while another has matching runs); empty otherwise.
   */
  passedOver: string[];
}

/**
 * Turns an analytics filter into the sessions its figures read, once per request, so no page
 * pools every session by accident (an imported copy of a session, another model's runs): with no
 * session named, the newest session (created last, ties to the larger id as ULIDs sort) that has
 * runs matching the other filters, never a trial unless trials are included and never an A/A
 * calibration (one config run twice to measure a phone's noise, not a study; it can be named);
 * named ids that no session has are reported as unknown and match nothing (the view does not fall
 * back to another session behind the reader's back); `allSessions` pools every session on purpose.
 * A cancelled session is passed over by the default (its configs stopped part-way, unbalanced)
 * unless no other session has matching runs; the one passed over is named so the notice says so.
 * `suiteId` narrows the default to that suite's sessions (the latency budget).
 */
const Id = z.object({ id: z.string() });

export async function resolveSelection(
  ctx: Ctx,
  requested: AnalyticsFilter,
  opts: { suiteId?: string } = {},
): Promise<Selection> {
  const { sql } = ctx.store;
  if (requested.sessions.length) {
    const ids = [...new Set(requested.sessions)];
    const known = new Set(
      (await sql.all(Id, `SELECT id AS "id" FROM sessions WHERE id IN (${ids.map(() => "?").join(", ")})`, ids)).map(
        (r) => r.id,
      ),
    );
    return {
      requested,
      filter: requested,
      mode: "chosen",
      unknown: ids.filter((id) => !known.has(id)),
      passedOver: [],
    };
  }
  if (requested.allSessions) return { requested, filter: requested, mode: "all", unknown: [], passedOver: [] };
  // Newest first over the sessions index; EXISTS stops at the first matching run of each.
  const w = runsWhere(requested);
  const suite = opts.suiteId ? " AND s.suite_id = ?" : "";
  const newest = (notCancelled: boolean) =>
    sql.get(
      Id,
      `SELECT s.id AS "id" FROM sessions s
        WHERE ${requested.includeTrial ? "TRUE" : "s.trial = FALSE"} AND s.calibration = FALSE${suite}
          ${notCancelled ? "AND s.cancelled_at IS NULL" : ""}
          AND EXISTS (SELECT 1 FROM runs r JOIN scores sc ON sc.run_id = r.id WHERE r.session_id = s.id AND ${w.sql})
        ORDER BY s.created_at DESC, ${dialectOf(sql).collateC("s.id")} DESC LIMIT 1`,
      [...(opts.suiteId ? [opts.suiteId] : []), ...w.params],
    );
  const [any, uncancelled] = await Promise.all([newest(false), newest(true)]);
  const row = uncancelled ?? any;
  return {
    requested,
    // No session with runs: the empty list would mean "all", so the view reads nothing instead.
    filter: { ...requested, sessions: row ? [row.id] : [] },
    mode: "default",
    unknown: [],
    passedOver: any && row && any.id !== row.id ? [any.id] : [],
  };
}

/**
 * A comparison whose sides name sessions (`aSession`, `bSession`) reads those sessions: they join
 * the named ones, or stand for the default (a side that names none reads them too).
 */
export function withSideSessions(requested: AnalyticsFilter, sides: readonly (string | undefined)[]): AnalyticsFilter {
  const named = sides.filter((s): s is string => !!s);
  if (!named.length || requested.allSessions) return requested;
  return { ...requested, sessions: [...new Set([...requested.sessions, ...named])] };
}

/** The filter a route's figures read (the same resolution as the pages'), sides' sessions included. */
export async function selectedFilter(
  ctx: Ctx,
  requested: AnalyticsFilter,
  sides: readonly (string | undefined)[] = [],
): Promise<AnalyticsFilter> {
  return (await resolveSelection(ctx, withSideSessions(requested, sides))).filter;
}
