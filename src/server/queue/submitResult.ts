import "server-only";
import type { Ctx } from "../context";
import type { Trace } from "@/domain/protocol";
import { decideResult, runRowOf } from "@/domain/queue";
import { unscorableScore } from "@/domain/scoring";
import type { RunScore } from "@/domain/scoring/types";
import type { Config, Task } from "@/domain/suite/schema";
import { ServiceError, leaseLost } from "../errors";
import { scoreOffThread } from "../scoring/scoreOffThread";
import type { SubmitOutcome, SubmitPlan, SubmitState } from "../store/types";
import { expireLeases } from "./expireLeases";
import { advanceAdaptive } from "../sessions/advanceAdaptive";
import { leaseViewOf, loadLease } from "./leaseView";

export type { SubmitOutcome };

/**
 * Stores a trace with its score. The run, raw trace, score and job update commit in one
 * transaction before the caller answers, so a `201` means the run is durable. The same lease
 * token submitted again answers with the same run; a late result is stored (never dropped).
 *
 * The score depends only on the trace and the job's task and config versions, which never
 * change, so it is computed first, outside the write, on a worker thread within a time limit
 * (ADR 6): a trace whose scoring runs out of time is still stored, as unscorable. The lease
 * decision (`planResult`) is taken inside the write, on the state at commit time with the job row
 * locked, so two copies of one result arriving together (even at two processes on PostgreSQL)
 * still make one run. On SQLite writes that arrive together share one commit (store/sqlite/groupCommit.ts).
 */
export async function submitResult(
  ctx: Ctx,
  jobId: string,
  deviceId: string,
  trace: Trace,
  rawBody: string,
): Promise<SubmitOutcome> {
  await expireLeases(ctx);
  const { job, view, tokenHash } = await loadLease(ctx, jobId, trace.leaseToken, deviceId); // 404 before any work
  // Never issued for this job, or to another device: it never will be (no scoring spent on it).
  if (view.tokenAttempt === null || !view.tokenIsCallers) throw leaseLost();
  const task = await ctx.store.queue.task(job.suiteId, job.taskId, job.taskVersion);
  const config = await ctx.store.queue.config(job.suiteId, job.configId, job.configVersion);
  const scored = await scoreOffThread(task, rawBody, config.contextWindow);
  const score =
    "score" in scored ? scored.score : unscorableScore(task, trace, config.contextWindow, scored.unscorable);
  const outcome = await ctx.store.queue.submit(jobId, tokenHash, (state) =>
    planResult(ctx, state, { tokenHash, deviceId, trace, rawBody, task, config, score }),
  );
  // Issue 36.2: a new run of an adaptive session may settle its task or call for another pair.
  if (outcome.status === 201 && !outcome.body.superseded) await advanceAdaptive(ctx, job.sessionId);
  return outcome;
}

interface Submitted {
  tokenHash: string;
  deviceId: string;
  trace: Trace;
  rawBody: string;
  task: Task;
  config: Config;
  score: RunScore;
}

/** The rules of protocol.md §1 on the rows read inside the write: answer again, refuse, or store a run. */
function planResult(ctx: Ctx, { job, lease, existing }: SubmitState, s: Submitted): SubmitPlan {
  const { trace, task, config, score } = s;
  const view = leaseViewOf(job, lease, s.tokenHash, s.deviceId);
  const decision = decideResult(view, !!existing);
  if (decision.kind === "lease_lost") throw leaseLost();
  if (decision.kind === "duplicate" && existing)
    return {
      outcome: {
        status: 200,
        body: {
          runId: existing.id,
          passed: existing.passed,
          outcome: existing.outcome,
          superseded: existing.superseded,
        },
      },
    };
  if (trace.attempt !== view.tokenAttempt) {
    throw new ServiceError(
      "invalid_request",
      `This lease was issued for attempt ${view.tokenAttempt}; send that attempt number with the trace.`,
      [{ path: "attempt", message: `expected ${view.tokenAttempt}, got ${trace.attempt}` }],
    );
  }
  const superseded = decision.kind === "superseded";
  // Taken here, only for a run that is written, so a resent result uses no id (golden files use sequential ids).
  const runId = ctx.newId("run");
  return {
    outcome: { status: 201, body: { runId, passed: score.passed, outcome: score.outcome, superseded } },
    write: {
      run: runRowOf({
        id: runId,
        job,
        trace,
        task,
        config,
        leaseTokenHash: s.tokenHash,
        // decideResult refused a token without a lease above; its device is the caller's.
        lease: { deviceId: lease?.deviceId ?? s.deviceId, reportedDeviceId: lease?.reportedDeviceId ?? null },
        receivedAt: ctx.now(),
        superseded,
      }),
      rawBody: s.rawBody,
      turns: trace.turns,
      score,
      completesJob: !superseded,
    },
  };
}
