import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../context";
import { jobs, sessions } from "@db/schema";
import { notFound } from "../errors";

/** Cancels every queued or leased job; their leases stop being current (heartbeats get 409). */
export function cancelSession(ctx: Ctx, id: string) {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const s = tx
      .select({ id: sessions.id, cancelledAt: sessions.cancelledAt })
      .from(sessions)
      .where(eq(sessions.id, id))
      .get();
    if (!s) throw notFound("session", id);
    const changed = tx
      .update(jobs)
      .set({ state: "cancelled", leaseTokenHash: null, leaseExpiresAt: null, updatedAt: now })
      .where(and(eq(jobs.sessionId, id), inArray(jobs.state, ["queued", "leased"])))
      .run().changes;
    if (s.cancelledAt === null) tx.update(sessions).set({ cancelledAt: now }).where(eq(sessions.id, id)).run();
    return { session: { id, cancelledJobs: changed } };
  });
}
