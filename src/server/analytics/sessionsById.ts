import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { int } from "../store/columns";

const SessionRow = z.object({ id: z.string(), name: z.string(), createdAt: int, configIds: z.string() });
export type SessionFacts = z.output<typeof SessionRow>;

/**
 * The named sessions' rows, read from the database (`ctx.store.sql`): the few rows a view joins
 * to what it counted over the columnar copy, which holds no sessions (ADR 12).
 */
export async function sessionsById(ctx: Ctx, ids: readonly string[]): Promise<Map<string, SessionFacts>> {
  const out = new Map<string, SessionFacts>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const part = unique.slice(i, i + 500);
    const rows = await ctx.store.sql.all(
      SessionRow,
      `SELECT id AS "id", name AS "name", created_at AS "createdAt", config_ids AS "configIds" FROM sessions
        WHERE id IN (${part.map(() => "?").join(", ")})`,
      part,
    );
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}
