import "server-only";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_FACTS, factsWhere } from "./where";

export interface Side {
  config: string;
  session?: string;
}

/**
 * A materialized selection `sel` of the runs on either side of a comparison, with a flag per
 * side (`ina`, `inb`) and the columns named in `columns`, plus its bound parameters, and the
 * join condition that pairs a run of a with one of b: same task and repeat, and same session
 * when the sides share sessions (as `compareAnalytics` pairs them).
 */
export function sidesSelection(filter: AnalyticsFilter, a: Side, b: Side, columns: string) {
  const w = factsWhere(filter);
  const inSide = (s: Side) => `(r.config_id = ?${s.session ? " AND r.session_id = ?" : ""})`;
  const sideParams = (s: Side) => (s.session ? [s.config, s.session] : [s.config]);
  // The side flags are 0/1 on both engines (a comparison is a boolean on PostgreSQL), so they sum.
  // The sides' condition stays searchable: run_facts_cells holds every column a selection reads,
  // so the two configs' runs are a search of that index with no row lookups (ADR 11).
  const sql = `sel AS MATERIALIZED (
      SELECT r.session_id AS s, r.task_id AS t, r.repeat AS k, ${columns},
             (CASE WHEN ${inSide(a)} THEN 1 ELSE 0 END) AS ina, (CASE WHEN ${inSide(b)} THEN 1 ELSE 0 END) AS inb
        FROM ${FROM_FACTS} WHERE ${w.sql} AND (${inSide(a)} OR ${inSide(b)}))`;
  const params = [...sideParams(a), ...sideParams(b), ...w.params, ...sideParams(a), ...sideParams(b)];
  const sameSessions = !a.session && !b.session ? true : a.session === b.session;
  const pairOn = `x.t = y.t AND x.k = y.k${sameSessions ? " AND x.s = y.s" : ""}`;
  return { sql, params, pairOn };
}
