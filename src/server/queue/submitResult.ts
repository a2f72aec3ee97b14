import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import type { ResultResponse, Trace } from "@/domain/protocol";
import { decideResult } from "@/domain/queue";
import { unscorableScore } from "@/domain/scoring";
import type { RunScore } from "@/domain/scoring/types";
import type { Config, Task } from "@/domain/suite/schema";
import { ServiceError, leaseLost } from "../errors";
import { groupCommit } from "../groupCommit";
import { getConfig, getTask } from "../suites/catalog";
import { insertScore } from "../runs/insertScore";
import { insertTurns } from "../runs/insertTurns";
import { scoreOffThread } from "../scoring/scoreOffThread";
import { expireLeases } from "./expireLeases";
import { loadLease } from "./leaseView";

export type SubmitOutcome = { status: 200 | 201; body: ResultResponse };

/**
 * Stores a trace with its score. The run, raw trace, score and job update commit in one
 * transaction before the caller answers, so a `201` means the run is durable. The same lease
 * token submitted again answers with the same run; a late result is stored (never dropped).
 *
 * The score depends only on the trace and the job's task and config versions, which never
 * change, so it is computed first, outside the write, on a worker thread within a time limit
 * (ADR 6): a trace whose scoring runs out of time is still stored, as unscorable. The lease
 * decision is taken inside the write, on the state at commit time, so two copies of one result
 * arriving together still make one run. Writes that arrive together share one commit
 * (src/server/groupCommit.ts).
 */
export async function submitResult(
  ctx: Ctx,
  jobId: string,
  deviceId: string,
  trace: Trace,
  rawBody: string,
): Promise<SubmitOutcome> {
  expireLeases(ctx);
  const { job, view } = loadLease(ctx, jobId, trace.leaseToken, deviceId); // 404 before any work
  // Never issued for this job, or to another device: it never will be (no scoring spent on it).
  if (view.tokenAttempt === null || !view.tokenIsCallers) throw leaseLost();
  const task = getTask(ctx, job.suite_id, job.task_id, job.task_version);
  const config = getConfig(ctx, job.suite_id, job.config_id, job.config_version);
  const scored = await scoreOffThread(task, rawBody, config.contextWindow);
  const score =
    "score" in scored ? scored.score : unscorableScore(task, trace, config.contextWindow, scored.unscorable);
  return groupCommit(ctx, () => writeResult(ctx, jobId, deviceId, trace, rawBody, task, config, score));
}

function writeResult(
  ctx: Ctx,
  jobId: string,
  deviceId: string,
  trace: Trace,
  rawBody: string,
  task: Task,
  config: Config,
  score: RunScore,
): SubmitOutcome {
  const { job, view, tokenHash } = loadLease(ctx, jobId, trace.leaseToken, deviceId);
  const existing = stmt(
    ctx,
    `SELECT r.id, r.superseded, s.passed, s.outcome FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = 1
        WHERE r.lease_token_hash = ?`,
  ).get(tokenHash) as { id: string; superseded: number; passed: number; outcome: string } | undefined;
  const decision = decideResult(view, !!existing);
  if (decision.kind === "lease_lost") throw leaseLost();
  if (decision.kind === "duplicate") {
    return {
      status: 200,
      body: {
        runId: existing!.id,
        passed: !!existing!.passed,
        outcome: existing!.outcome,
        superseded: !!existing!.superseded,
      },
    };
  }
  if (trace.attempt !== view.tokenAttempt) {
    throw new ServiceError(
      "invalid_request",
      `This lease was issued for attempt ${view.tokenAttempt}; send that attempt number with the trace.`,
      [{ path: "attempt", message: `expected ${view.tokenAttempt}, got ${trace.attempt}` }],
    );
  }
  const superseded = decision.kind === "superseded";
  const runId = ctx.newId("run");
  const now = ctx.now();
  stmt(
    ctx,
    `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, held_out,
         config_id, config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at,
         thermal_at_start, charging, superseded, context_window, tools_dropped, load_cached_tokens)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    runId,
    job.id,
    job.session_id,
    tokenHash,
    trace.attempt,
    job.task_id,
    job.task_version,
    task.group,
    task.heldOut ? 1 : 0,
    job.config_id,
    job.config_version,
    job.repeat,
    trace.device.id,
    trace.device.model,
    trace.build.commit,
    trace.build.model,
    trace.startedAt,
    now,
    trace.conditions?.thermalAtStart ?? null,
    trace.conditions?.charging === undefined ? null : trace.conditions.charging ? 1 : 0,
    superseded ? 1 : 0,
    config.contextWindow,
    trace.toolsDropped ? 1 : 0,
    trace.load.cachedTokens ?? null,
  );
  stmt(ctx, "INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)").run(
    runId,
    rawBody,
    Buffer.byteLength(rawBody),
  );
  insertTurns(ctx, runId, trace);
  insertScore(ctx, runId, task.version, score, { clearCurrent: false }); // a new run has no earlier score to retire
  if (!superseded) {
    // Completing the job ends whichever lease is current: its holder's next heartbeat gets 409.
    stmt(
      ctx,
      `UPDATE jobs SET state = 'completed', run_id = ?, failure_reason = NULL, lease_token_hash = NULL,
                lease_expires_at = NULL, updated_at = ? WHERE id = ?`,
    ).run(runId, now, job.id);
  }
  return { status: 201, body: { runId, passed: score.passed, outcome: score.outcome, superseded } };
}
