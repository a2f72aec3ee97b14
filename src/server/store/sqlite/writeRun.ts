import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { insertScore } from "./insertScore";
import { insertTurns } from "./insertTurns";
import type { RunWrite } from "../types";
import { storedBody } from "@db/traceCodec.mjs";

/** A new run, its raw trace, turns and score, and the job it completes, inside the caller's transaction. */
export function writeRun(ctx: DbCtx, { run: r, rawBody, turns, score, completesJob }: RunWrite): void {
  stmt(
    ctx,
    `INSERT INTO runs (id, job_id, session_id, lease_token_hash, attempt, task_id, task_version, task_group, held_out,
         config_id, config_version, repeat, device_id, device_model, build_commit, model, started_at, received_at,
         thermal_at_start, charging, superseded, context_window, tools_dropped, load_cached_tokens, token_device_id,
         device_mismatch)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.id,
    r.jobId,
    r.sessionId,
    r.leaseTokenHash,
    r.attempt,
    r.taskId,
    r.taskVersion,
    r.taskGroup,
    r.heldOut ? 1 : 0,
    r.configId,
    r.configVersion,
    r.repeat,
    r.deviceId,
    r.deviceModel,
    r.buildCommit,
    r.model,
    r.startedAt,
    r.receivedAt,
    r.thermalAtStart,
    r.charging === null ? null : r.charging ? 1 : 0,
    r.superseded ? 1 : 0,
    r.contextWindow,
    r.toolsDropped ? 1 : 0,
    r.loadCachedTokens,
    r.tokenDeviceId,
    r.deviceMismatch ? 1 : 0,
  );
  // Stored compressed (db/traceCodec.mjs); `bytes` is the text's size as the phone sent it.
  stmt(ctx, "INSERT INTO traces (run_id, body, bytes) VALUES (?, ?, ?)").run(
    r.id,
    storedBody(ctx.drizzle.$client, rawBody),
    Buffer.byteLength(rawBody),
  );
  ctx.traceWritten?.();
  insertTurns(ctx, r.id, { turns });
  insertScore(ctx, r.id, r.taskVersion, score, { clearCurrent: false }); // a new run has no earlier score to retire
  if (completesJob) {
    // Completing the job ends whichever lease is current: its holder's next heartbeat gets 409.
    stmt(
      ctx,
      `UPDATE jobs SET state = 'completed', run_id = ?, failure_reason = NULL, lease_token_hash = NULL,
                lease_expires_at = NULL, updated_at = ? WHERE id = ?`,
    ).run(r.id, r.receivedAt, r.jobId);
  }
}
