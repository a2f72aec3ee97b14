import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf, type Dialect } from "../store/dialect";
import { int } from "../store/columns";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { compareSides, type PairFacts, type TaskPassFacts } from "@/domain/analytics/compare";
import { configOrder, familyPairs, familyTable, type FamilyMode } from "@/domain/analytics/family";
import { byteOrder } from "@/domain/byteOrder";
import { sessionsById } from "./sessionsById";
import { FROM_FACTS, factsWhere } from "./where";

const PairOfRow = z.object({ s: z.string(), c: z.string() });
const CountRow = z.object({ c: z.string(), t: z.string(), n: int, k: int });
const PAIRS_PER_STATEMENT = 64;
// Null sums (no groups) and absent columns both read as 0 where the counts are taken.
const PairedSums = z.record(z.string(), int.nullable());

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
 * Every wanted pair's paired counts in one pass: per (session, task, repeat) group, each config's
 * runs n and passes p, then per pair (a, b) the sums over groups of p_a·p_b (both passed),
 * p_a·(n_b − p_b), (n_a − p_a)·p_b and (n_a − p_a)·(n_b − p_b): what joining each run of a to each
 * run of b in its group and counting gives, without the join (at 1M runs and nine pairs, 263–375 ms
 * against the join's 616–988 ms, docs/benchmarks.md). Columns named by the pair's place: both0, aOnly0, …
 */
function pairedSums(d: Dialect, w: ReturnType<typeof factsWhere>, pairs: [string, string][]) {
  const used = [...new Set(pairs.flat())];
  const at = (c: string) => used.indexOf(c);
  const perConfig = used
    .map(
      (_, i) =>
        `SUM(CASE WHEN r.config_id = ? THEN 1 ELSE 0 END) AS n${i}, SUM(CASE WHEN r.config_id = ? THEN ${d.oneIf("r.passed")} ELSE 0 END) AS p${i}`,
    )
    .join(", ");
  const perPair = pairs
    .map(([a, b], j) => {
      const [x, y] = [at(a), at(b)];
      const [px, fx, py, fy] = [`p${x}`, `(n${x} - p${x})`, `p${y}`, `(n${y} - p${y})`];
      return `SUM(${px} * ${py}) AS "both${j}", SUM(${px} * ${fy}) AS "aOnly${j}", SUM(${fx} * ${py}) AS "bOnly${j}", SUM(${fx} * ${fy}) AS "neither${j}"`;
    })
    .join(", ");
  return {
    sql: `WITH g AS (SELECT ${perConfig} FROM ${FROM_FACTS}
                     WHERE ${w.sql} AND r.config_id IN (${used.map(() => "?").join(", ")})
                     GROUP BY r.session_id, r.task_id, r.repeat)
          SELECT ${perPair} FROM g`,
    params: [...used.flatMap((c) => [c, c]), ...w.params, ...used],
  };
}

/**
 * `GET /api/analytics/compare/family`: several comparisons at once (each config against a
 * baseline, or each consecutive pair), with Benjamini–Hochberg adjusted p-values. The same
 * figures as `compareAnalytics` per pair (runs paired by session, task and repeat), but for all
 * pairs from two passes over the selection: per config × task pass counts, and the paired counts
 * of every wanted pair from per-group counts (`pairedSums`; was six passes per pair: 17 s at 100k
 * runs, then one self-join).
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
  const paired = new Map<string, PairFacts>();
  // In chunks, so a selection of many configs stays within the engines' column limits (PostgreSQL: 1,664).
  for (let at = 0; at < pairs.length; at += PAIRS_PER_STATEMENT) {
    const chunk = pairs.slice(at, at + PAIRS_PER_STATEMENT);
    const q = pairedSums(d, w, chunk);
    const sums = (await sql.get(PairedSums, q.sql, q.params)) ?? {};
    chunk.forEach(([a, b], j) =>
      paired.set(`${a}\u0000${b}`, {
        both: sums[`both${j}`] ?? 0,
        aOnly: sums[`aOnly${j}`] ?? 0,
        bOnly: sums[`bOnly${j}`] ?? 0,
        neither: sums[`neither${j}`] ?? 0,
      }),
    );
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
