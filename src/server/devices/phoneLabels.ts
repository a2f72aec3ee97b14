import "server-only";
import { z } from "zod";
import { phoneLabel } from "@/domain/fleet";
import type { SqlRunner } from "../store/sql";
import { deviceNames } from "./deviceNames";

const PhoneRow = z.object({ d: z.string(), t: z.string().nullable() });

/**
 * Each device id phones reported in scored runs, labelled with the names of the tokens that
 * reported it (phoneLabel, issue 34.2), for views that group or filter by the reported id: the
 * Device filter, the per-build fits. `facts` is the analytics' door (store.facts()), `sql` the rows';
 * `where` (over `run_facts r`) keeps to a selection's runs, so a figure names only the tokens in it.
 * Grouped token first: no index leads with it, so SQLite scans the table once instead of walking
 * run_facts_fit (which leads with device_id) with a row lookup per entry (analytics-plans test).
 */
export async function phoneLabelsByReportedId(
  facts: SqlRunner,
  sql: SqlRunner,
  where: { sql: string; params: unknown[] } = { sql: "1 = 1", params: [] },
): Promise<Map<string, string>> {
  const [phones, tokens] = await Promise.all([
    facts.all(
      PhoneRow,
      `SELECT r.device_id AS "d", r.token_device_id AS "t" FROM run_facts r WHERE ${where.sql}
        GROUP BY r.token_device_id, r.device_id`,
      where.params,
    ),
    deviceNames(sql),
  ]);
  const byId = new Map<string, (string | null)[]>();
  for (const p of phones) byId.set(p.d, [...(byId.get(p.d) ?? []), p.t === null ? null : (tokens.get(p.t) ?? null)]);
  return new Map([...byId].map(([id, names]) => [id, phoneLabel(names, id)]));
}
