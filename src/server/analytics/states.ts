import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { int, powerSumColumns } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { stateSplitsFromFacts, type StateFacts } from "@/domain/analytics/stateSplits";
import { medianByGroup } from "./configs";
import { TURN_POWER_SUMS, summedAsText } from "./ttft";
import { FROM_FACTS, FROM_TURN_FACTS, factsWhere } from "./where";

/** The two splits' state of a run (or of a turn, in turn_facts under the same names), as text. */
const THERMAL = "COALESCE(r.thermal_at_start, 'not reported')";
const CHARGING =
  "(CASE WHEN r.charging IS NULL THEN 'not reported' WHEN r.charging THEN 'charging' ELSE 'on battery' END)";

const StateSums = z.object({ state: z.string(), runs: int, ...powerSumColumns });

/**
 * One split's states, each summed in SQL: its runs and its turns' power sums from run_facts (the
 * sums each run keeps, ADR 11), the median load over its runs and the median turn time over its
 * turns from value counts (turn_facts). No turn is read: at 1M runs the view handed over 2.8M turn
 * rows and took 26 s; exact integers, so the fit is the same OLS as over the points.
 */
async function split(sql: SqlRunner, key: string, w: { sql: string; params: unknown[] }): Promise<StateFacts[]> {
  const [sums, load, turn] = await Promise.all([
    sql.all(
      StateSums,
      `SELECT ${key} AS "state", COUNT(*) AS "runs", ${summedAsText((k) => TURN_POWER_SUMS[k])}
         FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY ${key}`,
      w.params,
    ),
    medianByGroup(sql, key, "r.load_ms", FROM_FACTS, w),
    medianByGroup(sql, key, "r.turn_ms", FROM_TURN_FACTS, w),
  ]);
  return sums.map(({ state, runs, ...s }) => ({
    state,
    runs,
    sums: s,
    medianLoadMs: load.get(state) ?? null,
    medianTurnMs: turn.get(state) ?? null,
  }));
}

/**
 * `GET /api/analytics/states`: the selection's TTFT fit, load and turn times split by thermal state
 * at start and by charging (src/domain/analytics/stateSplits.ts), from sums per state.
 */
export async function stateAnalytics(ctx: Ctx, filter: AnalyticsFilter) {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const [thermal, charging] = await Promise.all([split(sql, THERMAL, w), split(sql, CHARGING, w)]);
  return stateSplitsFromFacts(thermal, charging);
}
