import "server-only";
import type { Ctx } from "../context";
import type { Suite } from "@/domain/suite/schema";
import { ServiceError } from "../errors";
import { listSuitesAsync } from "./listSuites";

/**
 * For the New session page: every stored suite (newest version of each) for the picker, and the
 * suite the form opens with: the one asked for, or the default when none is asked for or it is not
 * stored (`missing`); or the sentence to show when no suite is loaded at all.
 */
export async function suiteForNewSession(
  ctx: Ctx,
  wanted: string | null,
): Promise<
  | { suite: Suite; suites: Awaited<ReturnType<typeof listSuitesAsync>>; missing: boolean; error?: undefined }
  | { suite?: undefined; suites?: undefined; missing?: undefined; error: string }
> {
  const suites = await listSuitesAsync(ctx);
  try {
    if (wanted !== null && suites.some((s) => s.id === wanted))
      return { suite: await ctx.store.sessions.resolveSuite(wanted), suites, missing: false };
    return { suite: await ctx.store.sessions.resolveSuite(), suites, missing: wanted !== null };
  } catch (err) {
    if (err instanceof ServiceError) return { error: err.message };
    throw err;
  }
}
