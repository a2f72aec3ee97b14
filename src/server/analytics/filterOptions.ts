import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag } from "../store/columns";
import { FILTER_FIELDS } from "@/domain/analytics/filterFields";
import type { OfferedValues } from "@/domain/analytics/filterWords";
import type { OfferedList } from "@/domain/analytics/filterFields";
import { phoneLabelsByReportedId } from "../devices/phoneLabels";

/** What the filter bar offers: sessions (newest first), and the values seen in runs of every field that offers them. */
const SessionRow = z.object({ id: z.string(), name: z.string(), trial: flag, cancelled: flag });
const Value = z.object({ v: z.string() });

const OFFERED = FILTER_FIELDS.flatMap((f) => ("offer" in f ? [{ list: f.offer, column: f.column.name }] : []));

/**
 * Sessions from the database (one just queued is offered before it has runs); the builds,
 * devices, tasks, configs (and any other field's `offer`) of the scored runs from the analytics'
 * source, the columnar copy once it has loaded (ADR 12): on PostgreSQL at 1M runs, four GROUP BYs
 * over `runs` took 392 ms.
 */
export async function filterOptions(ctx: Ctx): Promise<{ sessions: z.output<typeof SessionRow>[] } & OfferedValues> {
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  const facts = await ctx.store.facts();
  const fd = dialectOf(facts);
  // Distinct values by GROUP BY: PostgreSQL refuses a DISTINCT ordered by an expression (the collation).
  const distinct = async (col: string) =>
    (await facts.all(Value, `SELECT ${col} AS "v" FROM run_facts GROUP BY ${col} ORDER BY ${fd.collateC(col)}`)).map(
      (r) => r.v,
    );
  const [sessions, phones, ...lists] = await Promise.all([
    sql.all(
      SessionRow,
      `SELECT id AS "id", name AS "name", trial AS "trial",
              (CASE WHEN cancelled_at IS NULL THEN FALSE ELSE TRUE END) AS "cancelled"
         FROM sessions ORDER BY created_at DESC, ${d.collateC("id")} DESC`,
    ),
    // Issue 34.2: the Device filter's values are reported ids, labelled with the tokens that reported them.
    phoneLabelsByReportedId(facts, sql),
    ...OFFERED.map((o) => distinct(o.column)),
  ]);
  const devices = Object.fromEntries(phones);
  return {
    sessions,
    ...(Object.fromEntries(OFFERED.map((o, i) => [o.list, lists[i]])) as Record<OfferedList, string[]>),
    labels: { devices },
  };
}
