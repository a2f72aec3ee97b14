import "server-only";
import type { Ctx } from "../context";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { configOrder, familyPairs, familyTable, type FamilyMode } from "@/domain/analytics/family";
import { compareAnalytics } from "./compare";
import { FROM_RUNS, whereClause } from "./where";

/** The configs with runs in the selection, in the order the sessions listed them (SQL). */
export function selectionConfigs(ctx: Ctx, filter: AnalyticsFilter): string[] {
  const w = whereClause(filter);
  const sqlite = ctx.db.$client;
  const present = (sqlite.prepare(`SELECT DISTINCT r.config_id AS c FROM ${FROM_RUNS} WHERE ${w.sql}`).all(...w.params) as { c: string }[]).map((r) => r.c);
  const lists = (
    sqlite
      .prepare(`SELECT config_ids AS ids FROM sessions WHERE id IN (SELECT DISTINCT r.session_id FROM ${FROM_RUNS} WHERE ${w.sql}) ORDER BY created_at, id`)
      .all(...w.params) as { ids: string }[]
  ).map((r) => JSON.parse(r.ids) as string[]);
  return configOrder(lists, present);
}

/**
 * `GET /api/analytics/compare/family`: several comparisons at once (each config against a
 * baseline, or each consecutive pair), with Benjamini–Hochberg adjusted p-values. Each pair is
 * one `compareAnalytics` call (a few SQL aggregates); the number of pairs is bounded by the
 * number of configs, not by runs.
 */
export function compareFamily(ctx: Ctx, filter: AnalyticsFilter, mode: FamilyMode, baseline?: string) {
  const configs = selectionConfigs(ctx, filter);
  const pairs = familyPairs(configs, mode, baseline);
  const results = pairs.map(([a, b]) => {
    const c = compareAnalytics(ctx, filter, { config: a }, { config: b });
    return {
      a, b, improved: c.improved.length, degraded: c.degraded.length, unchanged: c.unchanged.length,
      signTestP: c.signTestP, mcnemarP: c.mcnemarP, aOnly: c.pairs.aOnly, bOnly: c.pairs.bOnly,
    };
  });
  return { mode, baseline: mode === "baseline" ? (pairs[0]?.[0] ?? null) : null, configs, rows: familyTable(results) };
}
