import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { int } from "../store/columns";
import { filterToParams } from "@/domain/analytics/filterParams";
import { runsHref } from "@/domain/analytics/links";
import { HEADROOM_QUANTILES, type HeadroomFacts, type Quantiles } from "@/domain/budget/headroom";
import { FROM_FACTS } from "../analytics/where";
import { suiteWhere } from "./measured";
import { budgetSelection } from "./budgetSelection";

const OVER = "(r.outcome = 'context_full' OR r.peak_context_tokens >= r.context_window)";
/** Overflowed runs listed per config; the runs explorer link has them all. */
const LIST_PER_CONFIG = 5;

// Nearest-rank position ⌈k·n/100⌉ (at least 1) in integer arithmetic; see nearestRank().
const pick = (greatest: (a: string, b: string) => string, k: number, rank: string, value: string) =>
  `MAX(CASE WHEN ${rank} = ${greatest("1", `(${k} * n + 99) / 100`)} THEN ${value} END) AS "${value}_${k}"`;

const quantileCols = HEADROOM_QUANTILES.flatMap((k) => [`a_${k}`, `p_${k}`]);
const HeadroomRow = z.object({
  c: z.string(),
  n: int,
  win: int,
  overflowed: int,
  contextFull: int,
  ...Object.fromEntries(quantileCols.map((c) => [c, int])),
});
const OverRow = z.object({
  runId: z.string(),
  configId: z.string(),
  taskId: z.string(),
  sessionId: z.string(),
  outcome: z.string(),
  peak: int,
  win: int,
});

/**
 * `GET /api/budget/headroom`: per config, over the suite's runs, the distribution of tokens left
 * after start-up (window − measured start-up tokens) and at the run's fullest point (window − peak
 * context), as nearest-rank quantiles computed in SQL, and the runs that overflowed (outcome
 * `context_full`, or a peak at or past the window).
 */
export async function headroom(
  ctx: Ctx,
  q: { suite?: string; device?: string; build?: string; session?: string[]; allSessions?: boolean },
) {
  const suite = await ctx.store.sessions.resolveSuite(q.suite);
  const filter = (
    await budgetSelection(ctx, { ...q, session: q.session ?? [], allSessions: !!q.allSessions }, suite.id)
  ).filter;
  const w = suiteWhere(filter, suite.id);
  const sql = await ctx.store.facts();
  const d = dialectOf(sql);
  const cols = HEADROOM_QUANTILES.flatMap((k) => [pick(d.greatest, k, "ra", "a"), pick(d.greatest, k, "rp", "p")]).join(
    ", ",
  );
  const [rows, over, sessionsOf] = await Promise.all([
    sql.all(
      HeadroomRow,
      `WITH v AS (SELECT r.config_id AS c, r.context_window AS win, r.context_window - r.startup_tokens AS a,
                         r.context_window - r.peak_context_tokens AS p, ${d.oneIf(OVER)} AS ovr,
                         ${d.oneIf("r.outcome = 'context_full'")} AS cfull
                    FROM ${FROM_FACTS} WHERE ${w.sql}),
            o AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY a) AS ra, ROW_NUMBER() OVER (PARTITION BY c ORDER BY p) AS rp,
                         COUNT(*) OVER (PARTITION BY c) AS n FROM v)
       SELECT c AS "c", n AS "n", MAX(win) AS "win", SUM(ovr) AS "overflowed", SUM(cfull) AS "contextFull", ${cols}
         FROM o GROUP BY c, n ORDER BY ${d.collateC("c")}`,
      w.params,
    ),
    sql.all(
      OverRow,
      `SELECT "runId", "configId", "taskId", "sessionId", "outcome", "peak", "win" FROM (
         SELECT r.id AS "runId", r.config_id AS "configId", r.task_id AS "taskId", r.session_id AS "sessionId", r.outcome AS "outcome",
                r.peak_context_tokens AS "peak", r.context_window AS "win",
                ROW_NUMBER() OVER (PARTITION BY r.config_id ORDER BY r.received_at DESC, ${d.collateC("r.id")}) AS k
           FROM ${FROM_FACTS} WHERE ${w.sql} AND ${OVER}) o
        WHERE k <= ${LIST_PER_CONFIG} ORDER BY ${d.collateC('"configId"')}, k`,
      w.params,
    ),
    // The explorer has no suite filter: its link names the sessions the overflowed runs came from.
    sql.all(
      z.object({ c: z.string(), s: z.string() }),
      `SELECT r.config_id AS "c", r.session_id AS "s" FROM ${FROM_FACTS} WHERE ${w.sql} AND r.outcome = 'context_full'
        GROUP BY r.config_id, r.session_id ORDER BY ${d.collateC("r.config_id")}, ${d.collateC("r.session_id")}`,
      w.params,
    ),
  ]);
  const quant = (row: Record<string, unknown>, v: "a" | "p") =>
    Object.fromEntries(HEADROOM_QUANTILES.map((k) => [k, Number(row[`${v}_${k}`])])) as Quantiles;
  const configs: (HeadroomFacts & { runsHref: string | null })[] = rows.map((r) => ({
    configId: r.c,
    runs: r.n,
    contextWindow: r.win,
    afterStartup: quant(r, "a"),
    atPeak: quant(r, "p"),
    overflowed: r.overflowed,
    contextFull: r.contextFull,
    runsHref: null,
  }));
  const sessionIds = new Map<string, string[]>();
  for (const s of sessionsOf) {
    const ids = sessionIds.get(s.c) ?? [];
    if (ids.length < 50) ids.push(s.s);
    sessionIds.set(s.c, ids);
  }
  for (const c of configs) {
    if (!c.contextFull) continue;
    const qs = filterToParams({ ...filter, sessions: sessionIds.get(c.configId) ?? [] }).toString();
    c.runsHref = runsHref(qs, { config: c.configId, outcome: "context_full" });
  }
  return { suite: { id: suite.id, version: suite.version }, configs, overflowedRuns: over };
}
