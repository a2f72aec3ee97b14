import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  compareSides,
  likeForLikeWarnings,
  type PairFacts,
  type SideDescription,
  type TaskPassFacts,
} from "@/domain/analytics/compare";
import { clusterBootstrapDiff } from "@/domain/stats/bootstrap";
import { FROM_FACTS, factsWhere } from "./where";

export interface Side {
  config: string;
  session?: string;
}

/**
 * `GET /api/analytics/compare`: side b against side a. Each side is a config, optionally within
 * one session (to compare the same config across two sessions). Runs pair by (session, task,
 * repeat) when the sides share sessions, else by (task, repeat).
 *
 * Every figure comes from one materialized selection of the runs on either side, with a flag per
 * side: reading the runs once per figure instead of once per side and figure took the query from
 * 3.6 s to well under a second at 100k runs (docs/benchmarks.md, row 3d).
 */
export function compareAnalytics(ctx: Ctx, filter: AnalyticsFilter, a: Side, b: Side) {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const inSide = (s: Side) => `(r.config_id = ?${s.session ? " AND r.session_id = ?" : ""})`;
  const sideParams = (s: Side) => (s.session ? [s.config, s.session] : [s.config]);
  const sel = `sel AS MATERIALIZED (
      SELECT r.session_id AS s, r.task_id AS t, r.repeat AS k, r.passed AS p, r.build_commit AS b, r.device_id AS d, r.charging AS ch,
             ${inSide(a)} AS ina, ${inSide(b)} AS inb
        FROM ${FROM_FACTS} WHERE ${w.sql} AND (${inSide(a)} OR ${inSide(b)}))`;
  const params = [...sideParams(a), ...sideParams(b), ...w.params, ...sideParams(a), ...sideParams(b)];

  const tasks = sqlite
    .prepare(
      `WITH ${sel}
       SELECT t AS taskId, SUM(ina) AS aRuns, SUM(ina * p) AS aPassed, SUM(inb) AS bRuns, SUM(inb * p) AS bPassed
         FROM sel GROUP BY t HAVING SUM(ina) > 0 AND SUM(inb) > 0 ORDER BY t`,
    )
    .all(...params) as TaskPassFacts[];

  const sameSessions = !a.session && !b.session ? true : a.session === b.session;
  const pairs = sqlite
    .prepare(
      `WITH ${sel}
       SELECT COALESCE(SUM(x.p = 1 AND y.p = 1), 0) AS both, COALESCE(SUM(x.p = 1 AND y.p = 0), 0) AS aOnly,
              COALESCE(SUM(x.p = 0 AND y.p = 1), 0) AS bOnly, COALESCE(SUM(x.p = 0 AND y.p = 0), 0) AS neither
         FROM sel x JOIN sel y ON x.t = y.t AND x.k = y.k ${sameSessions ? "AND x.s = y.s" : ""}
        WHERE x.ina AND y.inb`,
    )
    .get(...params) as PairFacts;

  // Sessions, builds, devices and charging states per side, for the like-for-like warnings.
  const rows = sqlite.prepare(`WITH ${sel} SELECT DISTINCT ina, inb, s, b, d, ch FROM sel`).all(...params) as {
    ina: number;
    inb: number;
    s: string;
    b: string;
    d: string;
    ch: number | null;
  }[];
  const describe = (side: "ina" | "inb"): SideDescription => {
    const mine = rows.filter((r) => r[side]);
    const uniq = <T>(xs: T[]) => [...new Set(xs)];
    return {
      sessions: uniq(mine.map((r) => r.s)),
      builds: uniq(mine.map((r) => r.b)),
      devices: uniq(mine.map((r) => r.d)),
      charging: uniq(mine.map((r) => (r.ch === null ? null : !!r.ch))),
    };
  };
  // `tasks` (k/n per side) lets a page show the counts behind each improved / degraded task;
  // `bootstrap` is the task-level interval of b's pass rate minus a's (seed recorded in it).
  return {
    a,
    b,
    ...compareSides(tasks, pairs),
    tasks,
    bootstrap: clusterBootstrapDiff(tasks),
    warnings: likeForLikeWarnings(describe("ina"), describe("inb")),
  };
}
