import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { FROM_FACTS, factsWhere } from "./where";

/**
 * The config ids of the selection's runs, in id order: what every page of a selection colours
 * configs by, so a config keeps its colour from page to page (components/analytics/configColors.ts).
 */
export function selectionConfigIds(ctx: Ctx, filter: AnalyticsFilter): string[] {
  const w = factsWhere(filter);
  const rows = ctx.db.$client
    .prepare(`SELECT DISTINCT r.config_id AS id FROM ${FROM_FACTS} WHERE ${w.sql} ORDER BY r.config_id`)
    .all(...w.params) as { id: string }[];
  return rows.map((r) => r.id);
}
