import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareSides, type TaskPassFacts } from "@/domain/analytics/compare";
import { configOrder, familyPairs, familyTable, pairResult, type FamilyMode } from "@/domain/analytics/family";
import { byteOrder } from "@/domain/byteOrder";
import { sessionsById } from "./sessionsById";
import { FROM_FACTS, factsWhere } from "./where";

const PairOfRow = z.object({ s: z.string(), c: z.string() });
const CountRow = z.object({ c: z.string(), t: z.string(), n: int, k: int });

/**
 * The configs with runs in the selection, in the order the sessions listed them: the distinct
 * (session, config) pairs over the summaries (the columnar copy, ADR 12), then their sessions,
 * ordered by creation, id and config in byte order, as the join in SQL did.
 */
export async function selectionConfigs(ctx: Ctx, filter: AnalyticsFilter): Promise<string[]> {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const pairs = await sql.all(
    PairOfRow,
    `SELECT DISTINCT r.session_id AS "s", r.config_id AS "c" FROM ${FROM_FACTS} WHERE ${w.sql}`,
    w.params,
  );
  const sessions = await sessionsById(
    ctx,
    pairs.map((p) => p.s),
  );
  const rows = pairs
    .flatMap((p) => {
      const ses = sessions.get(p.s);
      return ses ? [{ ids: ses.configIds, c: p.c, at: ses.createdAt, s: p.s }] : [];
    })
    .sort((x, y) => x.at - y.at || byteOrder(x.s, y.s) || byteOrder(x.c, y.c));
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
 * figures as `compareAnalytics` per pair, every test over tasks, for all pairs from one pass over
 * the selection: per config × task pass counts.
 */
export async function compareFamily(
  ctx: Ctx,
  filter: AnalyticsFilter,
  mode: FamilyMode,
  baseline?: string,
  given?: string[],
) {
  const configs = given ?? (await selectionConfigs(ctx, filter));
  const pairs = familyPairs(configs, mode, baseline);
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const counts = new Map<string, Map<string, { n: number; k: number }>>();
  const taskRows = await sql.all(
    CountRow,
    `SELECT r.config_id AS "c", r.task_id AS "t", COUNT(*) AS "n", SUM(${d.oneIf("r.passed")}) AS "k" FROM ${FROM_FACTS}
      WHERE ${w.sql} GROUP BY r.config_id, r.task_id ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.task_id")}`,
    w.params,
  );
  for (const r of taskRows) {
    if (!counts.has(r.c)) counts.set(r.c, new Map());
    counts.get(r.c)!.set(r.t, { n: r.n, k: r.k });
  }
  const results = pairs.map(([a, b]) => {
    const ca = counts.get(a) ?? new Map();
    const cb = counts.get(b) ?? new Map();
    const tasks: TaskPassFacts[] = [...ca]
      .filter(([t]) => cb.has(t))
      .map(([t, x]) => ({ taskId: t, aRuns: x.n, aPassed: x.k, bRuns: cb.get(t)!.n, bPassed: cb.get(t)!.k }));
    return pairResult(a, b, compareSides(tasks));
  });
  return { mode, baseline: mode === "baseline" ? (pairs[0]?.[0] ?? null) : null, configs, rows: familyTable(results) };
}
