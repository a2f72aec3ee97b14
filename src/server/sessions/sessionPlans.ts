import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { parseStoredPlan, type SessionPlan } from "@/domain/study/plan";

const PlanRow = z.object({ plan: z.string().nullable(), sha256: z.string().nullable() });

/** Issue 36.3: the stored plans of these sessions, for those that have one, in the order given. */
export async function sessionPlans(ctx: Ctx, ids: readonly string[]): Promise<SessionPlan[]> {
  const out: SessionPlan[] = [];
  for (const id of new Set(ids)) {
    const row = await ctx.store.sql.get(PlanRow, `SELECT plan, plan_sha256 AS "sha256" FROM sessions WHERE id = ?`, [
      id,
    ]);
    const plan = parseStoredPlan(row?.plan ?? null);
    if (row?.sha256 && plan) out.push({ sessionId: id, plan, sha256: row.sha256 });
  }
  return out;
}
