import "server-only";
import type { Ctx } from "../context";
import { notFound } from "../errors";

/** Cancels every queued or leased job; their leases stop being current (heartbeats get 409). */
export async function cancelSession(ctx: Ctx, id: string) {
  const changed = await ctx.store.sessions.cancel(id, ctx.now());
  if (changed === null) throw notFound("session", id);
  return { session: { id, cancelledJobs: changed } };
}
