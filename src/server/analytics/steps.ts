import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag, int, num } from "../store/columns";
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
import { sessionsById } from "./sessionsById";
import { FROM_FACTS, factsWhere } from "./where";

const ValueCount = z.object({ s: z.string(), c: z.string(), x: num, n: int });
const CountRow = z.object({ sessionId: z.string(), configId: z.string(), runs: int });
const StepRow = z.object({
  sessionId: z.string(),
  configId: z.string(),
  group: z.string(),
  heldOut: flag,
  runs: int,
  passed: int,
});

/** Median of a per-run column per (session, config), from value counts (as `medianByConfig`), in (session, config) order. */
async function medianBySessionConfig(ctx: Ctx, valueSql: string, w: { sql: string; params: unknown[] }) {
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const rows = await sql.all(
    ValueCount,
    `SELECT r.session_id AS "s", r.config_id AS "c", ${valueSql} AS "x", COUNT(*) AS "n" FROM ${FROM_FACTS}
      WHERE ${w.sql} AND ${valueSql} IS NOT NULL GROUP BY r.session_id, r.config_id, ${valueSql}
      ORDER BY ${d.collateC("r.session_id")}, ${d.collateC("r.config_id")}, ${valueSql}`,
    w.params,
  );
  const medians = medianOfCounts(rows.map((r) => ({ g: `${r.s}\u0000${r.c}`, x: r.x, n: r.n })));
  return [...medians].map(([g, m]) => {
    const [s, c] = g.split("\u0000");
    return { s, c, m };
  });
}

/** Runs per (session, config) over `filter`, with what orders them (creation, the session's config list). */
async function pairFacts(ctx: Ctx, filter: AnalyticsFilter): Promise<PairFacts[]> {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  // Counted over the summaries (the columnar copy, ADR 12), then joined to the few sessions.
  const counts = await sql.all(
    CountRow,
    `SELECT r.session_id AS "sessionId", r.config_id AS "configId", COUNT(*) AS "runs" FROM ${FROM_FACTS} WHERE ${w.sql}
      GROUP BY ${d.notByIndex("r.session_id")}, r.config_id ORDER BY ${d.collateC("r.session_id")}, ${d.collateC("r.config_id")}`,
    w.params,
  );
  const sessions = await sessionsById(
    ctx,
    counts.map((c) => c.sessionId),
  );
  // Runs whose session row is gone are dropped, as the join did.
  const rows = counts.flatMap((c) => {
    const s = sessions.get(c.sessionId);
    return s ? [{ ...c, sessionName: s.name, createdAt: s.createdAt, configIds: s.configIds }] : [];
  });
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
export async function stepAnalytics(ctx: Ctx, filter: AnalyticsFilter, picks: readonly StepPick[]) {
  const everySession = await pairFacts(ctx, { ...filter, sessions: [], allSessions: true });
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
    const sql = await ctx.store.facts();
    const d = dialectOf(sql);
    const [rows, startup, load] = await Promise.all([
      sql.all(
        StepRow,
        `SELECT r.session_id AS "sessionId", r.config_id AS "configId", r.task_group AS "group", r.held_out AS "heldOut",
                COUNT(*) AS "runs", SUM(${d.oneIf("r.passed")}) AS "passed"
           FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.session_id, r.config_id, r.task_group, r.held_out
          ORDER BY ${d.collateC("r.session_id")}, ${d.collateC("r.config_id")}, ${d.collateC("r.task_group")}, r.held_out`,
        w.params,
      ),
      medianBySessionConfig(ctx, "r.startup_tokens", w),
      medianBySessionConfig(ctx, "r.load_ms", w),
    ]);
    facts.push(...rows);
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
