import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * The config ids of the selection's runs, in id order. Charts no longer colour by this list (a
 * config's colour would change with the selection): they use configUniverse.ts.
 */
export function selectionConfigIds(ctx: Ctx, filter: AnalyticsFilter): string[] {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(`SELECT DISTINCT r.config_id AS id FROM ${FROM_FACTS} WHERE ${w.sql} ORDER BY r.config_id`)
    .all(...w.params) as { id: string }[];
  return rows.map((r) => r.id);
}
