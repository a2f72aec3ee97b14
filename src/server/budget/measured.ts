import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { int } from "../store/columns";
import { dialectOf } from "../store/dialect";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { MeasuredConfig } from "@/domain/budget/table";
import { medianByConfig } from "../analytics/configs";
import { FROM_FACTS, factsWhere } from "../analytics/where";

/** The analytics WHERE clause narrowed to the runs of one suite's sessions (any of its versions). */
export function suiteWhere(filter: AnalyticsFilter, suiteId: string) {
  const w = factsWhere(filter);
  return { sql: `${w.sql} AND r.suite_id = ?`, params: [...w.params, suiteId] };
}

/** Per config id: runs, median measured start-up tokens and median load, over the suite's runs, in SQL. */
export async function measuredByConfig(
  ctx: Ctx,
  filter: AnalyticsFilter,
  suiteId: string,
): Promise<Map<string, MeasuredConfig>> {
  const w = suiteWhere(filter, suiteId);
  const sql = await ctx.store.facts();
  const { collateC } = dialectOf(sql);
  const [counts, startup, load] = await Promise.all([
    sql.all(
      z.object({ c: z.string(), n: int }),
      // Ordered: the map keeps this order, and no engine but SQLite returns groups in key order by itself.
      `SELECT r.config_id AS "c", COUNT(*) AS "n" FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.config_id
        ORDER BY ${collateC("r.config_id")}`,
      w.params,
    ),
    medianByConfig(ctx, "r.startup_tokens", FROM_FACTS, w),
    medianByConfig(ctx, "r.load_ms", FROM_FACTS, w),
  ]);
  return new Map(
    counts.map(({ c, n }) => [c, { runs: n, startupTokens: startup.get(c) ?? null, loadMs: load.get(c) ?? null }]),
  );
}
