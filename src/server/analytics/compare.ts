import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareSides, likeForLikeWarnings, type PairFacts, type SideDescription, type TaskPassFacts } from "@/domain/analytics/compare";
import { FROM_RUNS, whereClause } from "./where";

export interface Side { config: string; session?: string }

/**
 * `GET /api/analytics/compare`: side b against side a. Each side is a config, optionally within
 * one session (to compare the same config across two sessions). Runs pair by (session, task,
 * repeat) when the sides share sessions, else by (task, repeat).
 */
export function compareAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side) {
  const w = whereClause(filter);
  const sqlite = ctx.db.$client;
  const side = (s: Side) => ({
    sql: `r.config_id = ?${s.session ? " AND r.session_id = ?" : ""}`,
    params: s.session ? [s.config, s.session] : [s.config],
  });
  const sa = side(a);
  const sb = side(b);
  const perSide = `SELECT r.session_id, r.task_id, r.repeat, sc.passed, r.build_commit, r.device_id, r.charging FROM ${FROM_RUNS} WHERE ${w.sql}`;

  const tasks = sqlite
    .prepare(
      `WITH a AS (${perSide} AND ${sa.sql}), b AS (${perSide} AND ${sb.sql}),
            ta AS (SELECT task_id, COUNT(*) AS n, SUM(passed) AS k FROM a GROUP BY task_id),
            tb AS (SELECT task_id, COUNT(*) AS n, SUM(passed) AS k FROM b GROUP BY task_id)
       SELECT ta.task_id AS taskId, ta.n AS aRuns, ta.k AS aPassed, tb.n AS bRuns, tb.k AS bPassed FROM ta JOIN tb ON ta.task_id = tb.task_id`,
    )
    .all(...w.params, ...sa.params, ...w.params, ...sb.params) as TaskPassFacts[];

  const sameSessions = !a.session && !b.session ? true : a.session === b.session;
  const pairs = sqlite
    .prepare(
      `WITH a AS (${perSide} AND ${sa.sql}), b AS (${perSide} AND ${sb.sql})
       SELECT COALESCE(SUM(a.passed = 1 AND b.passed = 1), 0) AS both, COALESCE(SUM(a.passed = 1 AND b.passed = 0), 0) AS aOnly,
              COALESCE(SUM(a.passed = 0 AND b.passed = 1), 0) AS bOnly, COALESCE(SUM(a.passed = 0 AND b.passed = 0), 0) AS neither
         FROM a JOIN b ON a.task_id = b.task_id AND a.repeat = b.repeat ${sameSessions ? "AND a.session_id = b.session_id" : ""}`,
    )
    .get(...w.params, ...sa.params, ...w.params, ...sb.params) as PairFacts;

  const describe = (s: { sql: string; params: unknown[] }): SideDescription => {
    const rows = sqlite
      .prepare(`SELECT DISTINCT r.session_id AS s, r.build_commit AS b, r.device_id AS d, r.charging AS c FROM ${FROM_RUNS} WHERE ${w.sql} AND ${s.sql}`)
      .all(...w.params, ...s.params) as { s: string; b: string; d: string; c: number | null }[];
    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    return { sessions: uniq(rows.map((r) => r.s)), builds: uniq(rows.map((r) => r.b)), devices: uniq(rows.map((r) => r.d)), charging: uniq(rows.map((r) => (r.c === null ? null : !!r.c))) };
  };
  // `tasks` (k/n per side) lets a page show the counts behind each improved / degraded task.
  return { a, b, ...compareSides(tasks, pairs), tasks, warnings: likeForLikeWarnings(describe(sa), describe(sb)) };
}
