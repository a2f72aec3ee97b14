import "server-only";
import type { Ctx } from "../context";

/**
 * Recomputes every analytics summary row (`run_facts`, ADR 10) from the raw tables in one
 * transaction, so readers see either the old rows or the new ones. The triggers keep them equal
 * on every write; this is the recovery when a summary is damaged or its definition changed.
 * On PostgreSQL the recomputation is `run_facts_rebuild()` (rendered from db/facts, ADR 17),
 * which holds writers back while it runs so their triggers cannot insert a row twice.
 */
export async function rebuildSummaries(ctx: Ctx): Promise<{ runFacts: number }> {
  return { runFacts: await ctx.store.runs.rebuildSummaries() };
}
