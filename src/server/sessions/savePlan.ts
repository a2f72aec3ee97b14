import "server-only";
import type { Ctx } from "../context";
import type { z } from "zod";
import type { SavePlanRequest } from "@/domain/protocol/api";
import { planSha256 } from "./planHash";
import { canonicalJson, completePlan, type Plan } from "@/domain/study/plan";
import { notFound, ServiceError } from "../errors";
import { getSession } from "./getSession";

/**
 * `POST /api/sessions/{id}/plan` (issue 36.3): pre-registers the plan of a session created without
 * one, while no phone has leased any of its jobs. The plan is immutable after: a second save, or
 * one after the first lease, answers 409.
 */
export async function savePlan(
  ctx: Ctx,
  id: string,
  req: z.output<typeof SavePlanRequest>,
): Promise<{ plan: Plan & { sha256: string } }> {
  const { session } = await getSession(ctx, id);
  const done = completePlan(req.plan, { configIds: session.configIds, repeats: session.repeats });
  if (!done.plan)
    throw new ServiceError(
      "invalid_request",
      "The plan must compare two different configs of this session, with the session's repeats.",
      done.issues,
    );
  const sha256 = planSha256(done.plan);
  const saved = await ctx.store.sessions.savePlan(id, canonicalJson(done.plan), sha256);
  if (saved === "not_found") throw notFound("session", id);
  if (saved === "has_plan")
    throw new ServiceError(
      "conflict",
      "This session's plan is already saved and locked by its hash; create a new session for a different plan.",
    );
  if (saved === "has_runs")
    throw new ServiceError(
      "conflict",
      "A phone has already leased this session's jobs, so a plan saved now would not be pre-registered; create a new session with the plan.",
    );
  return { plan: { ...done.plan, sha256 } };
}
