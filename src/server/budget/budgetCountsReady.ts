import "server-only";
import type { Ctx } from "../context";
import { renderStartup } from "@/domain/budget/render";
import type { BudgetQuery } from "@/domain/budget/schema";
import { ServiceError } from "../errors";
import { cachedCount, loadTokenizer, tokenizerProgress } from "./tokenizer";

/**
 * Whether the budget page can count its suite's start-up tokens now (issue 34.11): yes when every
 * config's text was counted before, or the tokenizer is loaded (or failed: then the page shows the
 * estimate). Otherwise the tokenizer's load is started in the background, if it is not under way,
 * and the page says it is loading instead of holding the request for the 2–25 s a load takes.
 */
export async function budgetCountsReady(
  ctx: Ctx,
  q: Pick<BudgetQuery, "suite">,
): Promise<{ ready: true } | { ready: false; loadingForMs: number; lastLoadMs: number | null }> {
  let texts: string[];
  try {
    texts = (await ctx.store.sessions.resolveSuite(q.suite)).configs.map((c) => renderStartup(c));
  } catch (err) {
    // No such suite: the page's own read says so.
    if (err instanceof ServiceError) return { ready: true };
    throw err;
  }
  if (texts.every((t) => cachedCount(t) !== undefined)) return { ready: true };
  const before = tokenizerProgress();
  if (before.state === "loaded" || before.state === "failed") return { ready: true };
  void loadTokenizer();
  const now = tokenizerProgress();
  if (now.state !== "loading") return { ready: true }; // it answered at once
  return { ready: false, loadingForMs: now.loadingForMs, lastLoadMs: now.lastLoadMs };
}
