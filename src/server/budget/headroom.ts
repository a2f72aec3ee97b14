import "server-only";
import type { Ctx } from "../context";
import { filterToParams } from "@/domain/analytics/filter";
import { runsHref } from "@/domain/analytics/links";
import { HEADROOM_QUANTILES, type HeadroomFacts, type Quantiles } from "@/domain/budget/headroom";
import { resolveSuite } from "../suites/catalog";
import { FROM_FACTS } from "../analytics/where";
import { suiteWhere } from "./measured";
import { budgetSelection } from "./budgetSelection";

const OVER = "(r.outcome = 'context_full' OR r.peak_context_tokens >= r.context_window)";
/** Overflowed runs listed per config; the runs explorer link has them all. */
const LIST_PER_CONFIG = 5;

// Nearest-rank position ⌈k·n/100⌉ (at least 1) in integer arithmetic; see nearestRank().
const pick = (k: number, rank: string, value: string) =>
  `MAX(CASE WHEN ${rank} = MAX(1, (${k} * n + 99) / 100) THEN ${value} END) AS "${value}_${k}"`;

/**
 * `GET /api/budget/headroom`: per config, over the suite's runs, the distribution of tokens left
 * after start-up (window − measured start-up tokens) and at the run's fullest point (window − peak
 * context), as nearest-rank quantiles computed in SQL, and the runs that overflowed (outcome
 * `context_full`, or a peak at or past the window).
 */
export function headroom(
  ctx: Ctx,
  q: { suite?: string; device?: string; build?: string; session?: string[]; allSessions?: boolean },
) {
  const suite = resolveSuite(ctx, q.suite);
  const filter = budgetSelection(
    ctx,
    { ...q, session: q.session ?? [], allSessions: !!q.allSessions },
    suite.id,
  ).filter;
  const w = suiteWhere(filter, suite.id);
  const sqlite = ctx.db.$client;
  const cols = HEADROOM_QUANTILES.flatMap((k) => [pick(k, "ra", "a"), pick(k, "rp", "p")]).join(", ");
  const rows = sqlite
    .prepare(
      `WITH v AS (SELECT r.config_id AS c, r.context_window AS win, r.context_window - r.startup_tokens AS a,
                         r.context_window - r.peak_context_tokens AS p, ${OVER} AS over, r.outcome = 'context_full' AS full
                    FROM ${FROM_FACTS} WHERE ${w.sql}),
            o AS (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY a) AS ra, ROW_NUMBER() OVER (PARTITION BY c ORDER BY p) AS rp,
                         COUNT(*) OVER (PARTITION BY c) AS n FROM v)
       SELECT c, n, MAX(win) AS win, SUM(over) AS overflowed, SUM(full) AS contextFull, ${cols} FROM o GROUP BY c ORDER BY c`,
    )
    .all(...w.params) as ({ c: string; n: number; win: number; overflowed: number; contextFull: number } & Record<
    string,
    number
  >)[];
  const quant = (row: Record<string, number>, v: "a" | "p") =>
    Object.fromEntries(HEADROOM_QUANTILES.map((k) => [k, row[`${v}_${k}`]])) as Quantiles;
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
  const over = sqlite
    .prepare(
      `SELECT runId, configId, taskId, sessionId, outcome, peak, win FROM (
         SELECT r.id AS runId, r.config_id AS configId, r.task_id AS taskId, r.session_id AS sessionId, r.outcome AS outcome,
                r.peak_context_tokens AS peak, r.context_window AS win,
                ROW_NUMBER() OVER (PARTITION BY r.config_id ORDER BY r.received_at DESC, r.id) AS k
           FROM ${FROM_FACTS} WHERE ${w.sql} AND ${OVER})
        WHERE k <= ${LIST_PER_CONFIG} ORDER BY configId, k`,
    )
    .all(...w.params) as {
    runId: string;
    configId: string;
    taskId: string;
    sessionId: string;
    outcome: string;
    peak: number;
    win: number;
  }[];
  // The explorer has no suite filter: its link names the sessions the overflowed runs came from.
  const sessionsOf = sqlite
    .prepare(
      `SELECT r.config_id AS c, GROUP_CONCAT(DISTINCT r.session_id) AS ids FROM ${FROM_FACTS} WHERE ${w.sql} AND r.outcome = 'context_full' GROUP BY r.config_id`,
    )
    .all(...w.params) as { c: string; ids: string }[];
  const sessionIds = new Map(sessionsOf.map((s) => [s.c, s.ids.split(",").sort().slice(0, 50)]));
  for (const c of configs) {
    if (!c.contextFull) continue;
    const qs = filterToParams({ ...filter, sessions: sessionIds.get(c.configId) ?? [] }).toString();
    c.runsHref = runsHref(qs, { config: c.configId, outcome: "context_full" });
  }
  return { suite: { id: suite.id, version: suite.version }, configs, overflowedRuns: over };
}
