import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { flag } from "../store/columns";

/** What the filter bar offers: sessions (newest first), builds and devices seen in runs. */
const SessionRow = z.object({ id: z.string(), name: z.string(), trial: flag });
const Value = z.object({ v: z.string() });

export async function filterOptions(ctx: Ctx) {
  const { sql } = ctx.store;
  const d = dialectOf(sql);
  // Distinct values by GROUP BY: PostgreSQL refuses a DISTINCT ordered by an expression (the collation).
  const distinct = async (col: string) =>
    (await sql.all(Value, `SELECT ${col} AS "v" FROM runs GROUP BY ${col} ORDER BY ${d.collateC(col)}`)).map(
      (r) => r.v,
    );
  const [sessions, builds, devices, tasks, configs] = await Promise.all([
    sql.all(
      SessionRow,
      `SELECT id AS "id", name AS "name", trial AS "trial" FROM sessions ORDER BY created_at DESC, ${d.collateC("id")} DESC`,
    ),
    distinct("build_commit"),
    distinct("device_id"),
    distinct("task_id"),
    distinct("config_id"),
  ]);
  return {
    sessions,
    builds,
    devices,
    tasks,
    configs,
  };
}
