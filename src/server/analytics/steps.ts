import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  buildSteps,
  defaultSteps,
  pairOptions,
  stepBars,
  type PairFacts,
  type StepCostFacts,
  type StepFacts,
  type StepPick,
} from "@/domain/analytics/steps";
import { FROM_RUNS, whereClause } from "./where";

/** Median of a per-run column per (session, config), in SQL (two middle rows averaged). */
function medianBySessionConfig(ctx: Ctx, valueSql: string, w: { sql: string; params: unknown[] }) {
  return ctx.db.$client
    .prepare(
      `WITH v AS (SELECT r.session_id AS s, r.config_id AS c, ${valueSql} AS x FROM ${FROM_RUNS} WHERE ${w.sql} AND ${valueSql} IS NOT NULL),
            o AS (SELECT s, c, x, ROW_NUMBER() OVER (PARTITION BY s, c ORDER BY x) AS rn, COUNT(*) OVER (PARTITION BY s, c) AS n FROM v)
       SELECT s, c, AVG(x) AS m FROM o WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY s, c`,
    )
    .all(...w.params) as { s: string; c: string; m: number }[];
}

/** Runs per (session, config) over `filter`, with what orders them (creation, the session's config list). */
function pairFacts(ctx: Ctx, filter: AnalyticsFilter): PairFacts[] {
  const w = whereClause(filter);
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.session_id AS sessionId, s.name AS sessionName, s.created_at AS createdAt, s.config_ids AS configIds,
              r.config_id AS configId, COUNT(*) AS runs
         FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY r.session_id, r.config_id`,
    )
    .all(...w.params) as (Omit<PairFacts, "configOrder"> & { configIds: string })[];
  return rows.map(({ configIds, ...r }) => {
    let list: unknown = [];
    try {
      list = JSON.parse(configIds);
    } catch {
      // An unreadable list orders nothing; the config id then does.
    }
    return { ...r, configOrder: Array.isArray(list) ? list.indexOf(r.configId) : -1 };
  });
}

/**
 * `GET /api/analytics/steps`: ablation steps, each a (session, config) pair. `picks` are the
 * steps the researcher named (`?step=<session>:<config>`, in order); with none, one step per
 * config of the filter's sessions (resolved as every view's: the newest session when none is
 * named), each from the session with most runs of it, ties to the newest (domain/analytics/steps.ts).
 * `pairs` offers every (session, config) with runs under the other filters, whatever the sessions.
 */
export function stepAnalytics(ctx: Ctx, filter: AnalyticsFilter, picks: readonly StepPick[]) {
  const everySession = pairFacts(ctx, { ...filter, sessions: [], allSessions: true });
  const selected = filter.sessions.length
    ? everySession.filter((p) => filter.sessions.includes(p.sessionId))
    : everySession;
  const named = picks.length > 0;
  const chosen = named ? picks : defaultSteps(selected);
  // The figures read the chosen pairs' sessions only.
  const sessions = [...new Set(chosen.map((p) => p.sessionId))];
  const facts: StepFacts[] = [];
  let costs: StepCostFacts[] = [];
  if (sessions.length) {
    const w = whereClause({ ...filter, sessions });
    facts.push(
      ...(
        ctx.db.$client
          .prepare(
            `SELECT r.session_id AS sessionId, r.config_id AS configId, r.task_group AS "group", r.held_out AS heldOut, COUNT(*) AS runs, SUM(sc.passed) AS passed
               FROM ${FROM_RUNS} WHERE ${w.sql} GROUP BY 1, 2, 3, 4`,
          )
          .all(...w.params) as (Omit<StepFacts, "heldOut"> & { heldOut: number })[]
      ).map((f) => ({ ...f, heldOut: !!f.heldOut })),
    );
    const startup = medianBySessionConfig(ctx, "sc.startup_tokens", w);
    const load = medianBySessionConfig(ctx, "sc.load_ms", w);
    costs = startup.map((s) => ({
      sessionId: s.s,
      configId: s.c,
      medianStartupTokens: s.m,
      medianLoadMs: load.find((l) => l.s === s.s && l.c === s.c)?.m ?? null,
    }));
  }
  const { steps, missing } = buildSteps(chosen, everySession, facts, costs, named);
  return { steps, missing, bars: stepBars(steps), pairs: pairOptions(everySession) };
}
