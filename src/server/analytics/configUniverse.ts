import "server-only";
import type { Ctx } from "../context";

/**
 * Every config id this dashboard knows, in the order the suites first introduced them (the
 * configs table's insertion order), then ids only runs carry (imports of other suites), in id
 * order. Charts colour configs by position in this list, not in the current selection, so a
 * config keeps its colour on every page and under every filter (components/analytics/configColors.ts);
 * a config added later takes the next colour without shifting the others.
 */
export function configUniverse(ctx: Ctx): string[] {
  const sqlite = ctx.db.$client;
  const known = sqlite.prepare(`SELECT config_id AS id FROM configs GROUP BY config_id ORDER BY MIN(rowid)`).all() as {
    id: string;
  }[];
  const ids = known.map((r) => r.id);
  const seen = new Set(ids);
  const others = sqlite.prepare(`SELECT DISTINCT config_id AS id FROM runs ORDER BY config_id`).all() as {
    id: string;
  }[];
  for (const r of others) if (!seen.has(r.id)) ids.push(r.id);
  return ids;
}
