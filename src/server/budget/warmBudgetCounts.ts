import "server-only";
import type { Ctx } from "../context";
import { countStartup } from "./countStartup";
import { loadTokenizer } from "./tokenizer";

/**
 * At server start, after it listens: load the tokenizer on its worker thread and count the default
 * suite's start-up texts, so the budget page's first visit finds them counted. Never throws: a
 * tokenizer that cannot load is logged by loadTokenizer, and the page falls back to the estimate.
 */
export async function warmBudgetCounts(ctx: Ctx, suiteId?: string): Promise<void> {
  try {
    if (!(await loadTokenizer())) return;
    const suite = await ctx.store.sessions.resolveSuite(suiteId);
    for (const c of suite.configs) await countStartup(c);
  } catch (err) {
    console.error("[harness-lab] counting the default suite's start-up tokens at start failed", err);
  }
}
