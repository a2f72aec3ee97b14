import "server-only";
import type { Ctx } from "../context";
import { rebuildRunFacts } from "@db/runFacts";

/**
 * Recomputes every analytics summary row (`run_facts`, ADR 10) from the raw tables in one
 * transaction, so readers see either the old rows or the new ones. The triggers keep them equal
 * on every write; this is the recovery when a summary is damaged or its definition changed.
 */
export function rebuildSummaries(ctx: Ctx): { runFacts: number } {
  const sqlite = ctx.db.$client;
  return sqlite.transaction(() => ({ runFacts: rebuildRunFacts(sqlite) })).immediate();
}
