import "server-only";
import { storedMetrics } from "@/domain/scoring/storedMetrics";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import type { RunScore } from "@/domain/scoring/types";

/**
 * Stores a run's score as its current one (any earlier score stays, no longer current).
 * `clearCurrent: false` when the caller has already retired the run's current score (rescoring
 * does it for a whole session in one statement).
 */
export function insertScore(
  ctx: DbCtx,
  runId: string,
  taskVersion: number,
  score: RunScore,
  opts: { clearCurrent?: boolean } = {},
): void {
  if (opts.clearCurrent !== false)
    stmt(ctx, "UPDATE scores SET current = 0 WHERE run_id = ? AND current = 1").run(runId);
  const m = score.metrics;
  stmt(
    ctx,
    `INSERT INTO scores (run_id, task_version, current, created_at, passed, outcome, outcome_reason, end_reason, looping,
         repatches, milestones_reached, milestones_total, tool_calls, failed_tool_calls, turn_count, first_ttft_ms,
         median_turn_ms, load_ms, startup_tokens, peak_context_tokens, output_tokens, checks, progress, metrics,
         call_pattern, call_ok, milestone_calls, unscorable)
       VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    runId,
    taskVersion,
    ctx.now(),
    score.passed ? 1 : 0,
    score.outcome,
    score.outcomeReason,
    score.endReason,
    score.looping ? 1 : 0,
    score.repatches,
    score.milestonesReached,
    score.milestonesTotal,
    m.toolCalls,
    m.failedToolCalls,
    m.turns,
    m.firstTtftMs,
    m.medianTurnMs,
    m.loadMs,
    m.startupTokens,
    m.peakContextTokens,
    m.outputTokens,
    JSON.stringify(score.checks),
    JSON.stringify(score.progress),
    storedMetrics(m),
    score.unscorable === undefined ? score.callPattern : null,
    JSON.stringify(score.callOk),
    score.unscorable === undefined ? JSON.stringify(score.milestoneCalls) : null,
    score.unscorable ?? null,
  );
}
