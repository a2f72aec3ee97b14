import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareSides, type PairFacts, type TaskPassFacts } from "@/domain/analytics/compare";
import { configOrder, familyPairs, familyTable, type FamilyMode } from "@/domain/analytics/family";
import { FROM_FACTS, factsWhere } from "./where";

/** The configs with runs in the selection, in the order the sessions listed them (SQL, one pass). */
export function selectionConfigs(ctx: Ctx, filter: AnalyticsFilter): string[] {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(
      `WITH p AS (SELECT DISTINCT r.session_id AS s, r.config_id AS c FROM ${FROM_FACTS} WHERE ${w.sql})
       SELECT ses.config_ids AS ids, p.c FROM p JOIN sessions ses ON ses.id = p.s ORDER BY ses.created_at, ses.id`,
    )
    .all(...w.params) as { ids: string; c: string }[];
  const lists: string[][] = [];
  let last = "";
  for (const r of rows) {
    if (r.ids !== last) lists.push(JSON.parse(r.ids) as string[]);
    last = r.ids;
  }
  return configOrder(lists, [...new Set(rows.map((r) => r.c))]);
}

/**
 * `GET /api/analytics/compare/family`: several comparisons at once (each config against a
 * baseline, or each consecutive pair), with Benjamini–Hochberg adjusted p-values. The same
 * figures as `compareAnalytics` per pair (runs paired by session, task and repeat), but for all
 * pairs from two passes over the selection: per config × task pass counts, and one self-join for
 * the paired counts of every wanted pair (was six passes per pair: 17 s at 100k runs).
 */
export function compareFamily(
  ctx: Ctx,
  filter: AnalyticsFilter,
  mode: FamilyMode,
  baseline?: string,
  configs = selectionConfigs(ctx, filter),
) {
  const pairs = familyPairs(configs, mode, baseline);
  const w = factsWhere(filter);
  const sqlite = ctx.db.$client;
  const counts = new Map<string, Map<string, { n: number; k: number }>>();
  const taskRows = sqlite
    .prepare(
      `SELECT r.config_id AS c, r.task_id AS t, COUNT(*) AS n, SUM(r.passed) AS k FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY 1, 2`,
    )
    .all(...w.params) as { c: string; t: string; n: number; k: number }[];
  for (const r of taskRows) {
    if (!counts.has(r.c)) counts.set(r.c, new Map());
    counts.get(r.c)!.set(r.t, { n: r.n, k: r.k });
  }
  const paired = new Map<string, PairFacts>();
  if (pairs.length) {
    const wanted = pairs.map(() => "(?, ?)").join(", ");
    const aSides = [...new Set(pairs.map((p) => p[0]))];
    const rows = sqlite
      .prepare(
        `WITH sel AS MATERIALIZED (SELECT r.config_id AS c, r.session_id AS s, r.task_id AS t, r.repeat AS k, r.passed AS p FROM ${FROM_FACTS} WHERE ${w.sql})
         SELECT x.c AS a, y.c AS b, SUM(x.p = 1 AND y.p = 1) AS both, SUM(x.p = 1 AND y.p = 0) AS aOnly,
                SUM(x.p = 0 AND y.p = 1) AS bOnly, SUM(x.p = 0 AND y.p = 0) AS neither
           FROM sel x JOIN sel y ON x.s = y.s AND x.t = y.t AND x.k = y.k
          WHERE x.c IN (${aSides.map(() => "?").join(", ")}) AND (x.c, y.c) IN (VALUES ${wanted})
          GROUP BY x.c, y.c`,
      )
      .all(...w.params, ...aSides, ...pairs.flat()) as (PairFacts & { a: string; b: string })[];
    for (const { a, b, ...facts } of rows) paired.set(`${a}\u0000${b}`, facts);
  }
  const results = pairs.map(([a, b]) => {
    const ca = counts.get(a) ?? new Map();
    const cb = counts.get(b) ?? new Map();
    const tasks: TaskPassFacts[] = [...ca]
      .filter(([t]) => cb.has(t))
      .map(([t, x]) => ({ taskId: t, aRuns: x.n, aPassed: x.k, bRuns: cb.get(t)!.n, bPassed: cb.get(t)!.k }));
    const c = compareSides(tasks, paired.get(`${a}\u0000${b}`) ?? { both: 0, aOnly: 0, bOnly: 0, neither: 0 });
    return {
      a,
      b,
      improved: c.improved.length,
      degraded: c.degraded.length,
      unchanged: c.unchanged.length,
      signTestP: c.signTestP,
      mcnemarP: c.mcnemarP,
      aOnly: c.pairs.aOnly,
      bOnly: c.pairs.bOnly,
    };
  });
  return { mode, baseline: mode === "baseline" ? (pairs[0]?.[0] ?? null) : null, configs, rows: familyTable(results) };
}
