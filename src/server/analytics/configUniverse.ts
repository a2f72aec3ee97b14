import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";

const Id = z.object({ id: z.string() });

/**
 * Every config id this dashboard knows, in the order the suites first introduced them (the
 * configs table's insertion order), then ids only runs carry (imports of other suites), in id
 * order. Charts colour configs by position in this list, not in the current selection, so a
 * config keeps its colour on every page and under every filter (components/analytics/configColors.ts);
 * a config added later takes the next colour without shifting the others.
 * Insertion order is SQLite's rowid and PostgreSQL's ctid: the configs table is only ever
 * inserted into (a changed config is a new version row), so its tuples stay in insertion order.
 */
export async function configUniverse(ctx: Ctx): Promise<string[]> {
  const { sql } = ctx.store;
  const rowOrder = sql.dialect === "postgres" ? "ctid" : "rowid";
  const known = await sql.all(Id, `SELECT config_id AS "id" FROM configs GROUP BY config_id ORDER BY MIN(${rowOrder})`);
  const ids = known.map((r) => r.id);
  const seen = new Set(ids);
  const others = await sql.all(
    Id,
    `SELECT config_id AS "id" FROM runs GROUP BY config_id ORDER BY ${dialectOf(sql).collateC("config_id")}`,
  );
  for (const r of others) if (!seen.has(r.id)) ids.push(r.id);
  return ids;
}
