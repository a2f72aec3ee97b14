import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { buildSteps, stepBars, type SessionInfo, type StepCostFacts, type StepFacts } from "@/domain/analytics/steps";
import { medianOfCounts } from "@/domain/stats/medianOfCounts";
import { FROM_FACTS, factsWhere } from "./where";

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

/**
 * `GET /api/analytics/steps`: the selected sessions as ablation steps, in the order the filter
 * names them (`?session=` repeated); with no session named, every session with runs, oldest
 * first. `picks` chooses a session's main config; otherwise its config with the most runs.
 */
export function stepAnalytics(ctx: Ctx, filter: AnalyticsFilter, picks: Record<string, string>) {
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const facts = (
    sqlite
      .prepare(
        `SELECT r.session_id AS sessionId, r.config_id AS configId, r.task_group AS "group", r.held_out AS heldOut, COUNT(*) AS runs, SUM(r.passed) AS passed
           FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2, 3, 4`,
      )
      .all(...w.params) as (Omit<StepFacts, "heldOut"> & { heldOut: number })[]
  ).map((f) => ({ ...f, heldOut: !!f.heldOut }));
  const startup = medianBySessionConfig(ctx, "r.startup_tokens", w);
  const load = medianBySessionConfig(ctx, "r.load_ms", w);
  const costs: StepCostFacts[] = startup.map((s) => ({
    sessionId: s.s,
    configId: s.c,
    medianStartupTokens: s.m,
    medianLoadMs: load.find((l) => l.s === s.s && l.c === s.c)?.m ?? null,
  }));

  let sessions: SessionInfo[];
  if (filter.sessions.length) {
    const rows = sqlite
      .prepare(`SELECT id, name FROM sessions WHERE id IN (${filter.sessions.map(() => "?").join(", ")})`)
      .all(...filter.sessions) as SessionInfo[];
    sessions = filter.sessions.map((id) => rows.find((r) => r.id === id) ?? { id, name: id });
  } else {
    sessions = sqlite
      .prepare(
        `SELECT id, name FROM sessions WHERE id IN (SELECT DISTINCT r.session_id FROM ${FROM_FACTS} WHERE ${w.sql}) ORDER BY created_at, id`,
      )
      .all(...w.params) as SessionInfo[];
  }
  const { steps, missing } = buildSteps(sessions, facts, costs, picks);
  return { steps, missing, bars: stepBars(steps) };
}
