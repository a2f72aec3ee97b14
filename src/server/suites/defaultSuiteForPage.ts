import "server-only";
import type { Ctx } from "../context";
import type { Suite } from "@/domain/suite/schema";
import { ServiceError } from "../errors";

/** For pages: the default suite, or the sentence to show when none is loaded (either engine). */
export async function defaultSuiteForPage(
  ctx: Ctx,
): Promise<{ suite: Suite; error?: undefined } | { suite?: undefined; error: string }> {
  try {
    return { suite: await ctx.store.sessions.resolveSuite() };
  } catch (err) {
    if (err instanceof ServiceError) return { error: err.message };
    throw err;
  }
}
