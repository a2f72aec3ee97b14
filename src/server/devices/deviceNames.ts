import "server-only";
import { z } from "zod";
import type { SqlRunner } from "../store/sql";

const NameRow = z.object({ id: z.string(), name: z.string() });

/**
 * Every paired token's name by its id (revoked ones too: their runs keep their name), for pages
 * that name a run's phone by the token it came in on (issue 34.2). The devices table is a lab's
 * phones, a few rows.
 */
export async function deviceNames(sql: SqlRunner): Promise<Map<string, string>> {
  const rows = await sql.all(NameRow, "SELECT id, name FROM devices");
  return new Map(rows.map((r) => [r.id, r.name]));
}
