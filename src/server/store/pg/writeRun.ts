import "server-only";
import { storedMetrics } from "@/domain/scoring/storedMetrics";
import { eq } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { jobs, runs, scores, traces, turns } from "@db/schema-pg";
import type { RunScore } from "@/domain/scoring/types";
import type { RunWrite } from "../types";

type Tx = Parameters<Parameters<PgDb["transaction"]>[0]>[0];

/**
 * A new run, its raw trace, turns and score, and the job it completes, inside the caller's
 * transaction: the same rows src/server/store/sqlite/writeRun.ts writes, typed by db/schema-pg.
 */
export async function writeRun(tx: Tx, { run, rawBody, turns: ts, score, completesJob }: RunWrite): Promise<void> {
  await tx.insert(runs).values(run);
  await tx.insert(traces).values({ runId: run.id, body: rawBody, bytes: Buffer.byteLength(rawBody) });
  if (ts.length)
    await tx.insert(turns).values(
      ts.map((t, idx) => ({
        runId: run.id,
        idx,
        promptTokens: t.promptTokens,
        contextTokens: t.contextTokens,
        ttftMs: t.ttftMs,
        outputTokens: t.outputTokens,
        decodeMs: t.decodeMs,
      })),
    );
  // A new run has no earlier score to retire.
  await tx.insert(scores).values(scoreRow(run.id, run.taskVersion, score, run.receivedAt));
  if (completesJob)
    // Completing the job ends whichever lease is current: its holder's next heartbeat gets 409.
    await tx
      .update(jobs)
      .set({
        state: "completed",
        runId: run.id,
        failureReason: null,
        leaseTokenHash: null,
        leaseExpiresAt: null,
        updatedAt: run.receivedAt,
      })
      .where(eq(jobs.id, run.jobId));
}

/** A score's row (db/schema-pg scores), current. */
export function scoreRow(runId: string, taskVersion: number, score: RunScore, createdAt: number) {
  const m = score.metrics;
  return {
    runId,
    taskVersion,
    current: true,
    createdAt,
    passed: score.passed,
    outcome: score.outcome,
    outcomeReason: score.outcomeReason,
    endReason: score.endReason,
    looping: score.looping,
    repatches: score.repatches,
    milestonesReached: score.milestonesReached,
    milestonesTotal: score.milestonesTotal,
    toolCalls: m.toolCalls,
    failedToolCalls: m.failedToolCalls,
    turnCount: m.turns,
    firstTtftMs: m.firstTtftMs,
    medianTurnMs: m.medianTurnMs,
    loadMs: m.loadMs,
    startupTokens: m.startupTokens,
    peakContextTokens: m.peakContextTokens,
    outputTokens: m.outputTokens,
    checks: JSON.stringify(score.checks),
    progress: JSON.stringify(score.progress),
    metrics: storedMetrics(m),
    callPattern: score.unscorable === undefined ? score.callPattern : null,
    callOk: JSON.stringify(score.callOk),
    milestoneCalls: score.unscorable === undefined ? JSON.stringify(score.milestoneCalls) : null,
    unscorable: score.unscorable ?? null,
  };
}
