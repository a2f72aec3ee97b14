import "server-only";
import type { Ctx } from "../context";
import { adaptiveStep, type AdaptiveBounds, type SettledTask } from "@/domain/sessions/adaptive";
import { parseStoredPlan } from "@/domain/study/plan";

/**
 * Issue 36.2: after a job of a session ended (a result, or a failure after its last attempt), one
 * step of the adaptive repeat rule (src/domain/sessions/adaptive.ts) in one transaction: tasks
 * whose a and b jobs have all ended either get another pair of jobs, appended to the queue with
 * the reason, or settle and enter the sequence in that order. Nothing for a fixed-design session.
 * How many jobs it queued.
 */
export async function advanceAdaptive(ctx: Ctx, sessionId: string): Promise<number> {
  const queued = await ctx.store.sessions.advanceAdaptive(sessionId, ctx.now(), (rows) => {
    const plan = parseStoredPlan(rows.plan);
    if (!plan || rows.cancelled) return null;
    const bounds = JSON.parse(rows.adaptive) as AdaptiveBounds;
    const settled = rows.settled ? (JSON.parse(rows.settled) as SettledTask[]) : [];
    const step = adaptiveStep({
      a: plan.a,
      b: plan.b,
      alpha: plan.alpha,
      bounds,
      seed: rows.seed,
      taskIds: JSON.parse(rows.taskIds) as string[],
      settled,
      jobs: rows.jobs,
    });
    if (!step.settle.length && !step.queue.length) return null;
    return {
      settled: JSON.stringify([...settled, ...step.settle]),
      jobs: step.queue.map((j) => ({
        id: ctx.newId("job"),
        taskId: j.taskId,
        taskVersion: j.taskVersion,
        configId: j.configId,
        configVersion: j.configVersion,
        repeat: j.repeat,
        queueReason: j.reason,
      })),
    };
  });
  return queued ?? 0;
}
