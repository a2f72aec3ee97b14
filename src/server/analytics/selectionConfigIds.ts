import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * The config ids of the selection's runs, in id order. Charts no longer colour by this list (a
 * config's colour would change with the selection): they use configUniverse.ts.
 */
export async function selectionConfigIds(ctx: Ctx, filter: AnalyticsFilter): Promise<string[]> {
  const w = factsWhere(filter);
  const sql = await ctx.store.facts();
  const rows = await sql.all(
    z.object({ id: z.string() }),
    `SELECT r.config_id AS "id" FROM ${FROM_FACTS} WHERE ${w.sql} GROUP BY r.config_id ORDER BY ${dialectOf(sql).collateC("r.config_id")}`,
    w.params,
  );
  return rows.map((r) => r.id);
}
