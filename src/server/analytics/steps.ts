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
import { medianOfCounts } from "@/domain/stats/medianOfCounts";
import { FROM_FACTS, FROM_RUNS, factsWhere, whereClause } from "./where";

/** Median of a per-run column per (session, config), from value counts (as `medianByConfig`), in (session, config) order. */
function medianBySessionConfig(ctx: Ctx, valueSql: string, w: { sql: string; params: unknown[] }) {
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.session_id AS s, r.config_id AS c, ${valueSql} AS x, COUNT(*) AS n FROM ${FROM_FACTS}
        WHERE ${w.sql} AND ${valueSql} IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
    .all(...w.params) as { s: string; c: string; x: number; n: number }[];
  const medians = medianOfCounts(rows.map((r) => ({ g: `${r.s}\u0000${r.c}`, x: r.x, n: r.n })));
  return [...medians].map(([g, m]) => {
    const [s, c] = g.split("\u0000");
    return { s, c, m };
  });
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
    const w = factsWhere({ ...filter, sessions });
    facts.push(
      ...(
        ctx.db.$client
          .prepare(
            `SELECT r.session_id AS sessionId, r.config_id AS configId, r.task_group AS "group", r.held_out AS heldOut, COUNT(*) AS runs, SUM(r.passed) AS passed
               FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2, 3, 4`,
          )
          .all(...w.params) as (Omit<StepFacts, "heldOut"> & { heldOut: number })[]
      ).map((f) => ({ ...f, heldOut: !!f.heldOut })),
    );
    const startup = medianBySessionConfig(ctx, "r.startup_tokens", w);
    const load = medianBySessionConfig(ctx, "r.load_ms", w);
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
