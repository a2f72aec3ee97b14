import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import type { Job, PollRequest } from "@/domain/protocol";
import { heartbeatSecondsFor, leaseExpiresAt } from "@/domain/queue";
import { getConfig, getTask } from "../suites/catalog";
import { hashToken, newToken } from "../ids";
import { expireLeases } from "./expireLeases";
import { groupCommit } from "../groupCommit";

interface ClaimedRow {
  id: string;
  session_id: string;
  task_id: string;
  task_version: number;
  config_id: string;
  config_version: number;
  repeat: number;
  attempt: number;
  lease_expires_at: number;
}

/** What a phone does before each measured run (protocol.md §1). */
export const RUN_PROTOCOL = { warmup: true, rest: { untilThermal: "nominal", maxSeconds: 180 } } as const;

/**
 * Leases the next queued job (oldest session first, then the session's job order) to a device
 * with one conditional UPDATE … RETURNING, so two phones can never take the same job.
 */
export function claimJob(ctx: Ctx, deviceId: string, req: PollRequest): Job | null {
  expireLeases(ctx);
  const token = newToken("lease");
  const now = ctx.now();
  const row = ctx.db.$client.transaction(() => claimRow(ctx, deviceId, token, now, req.sessions)).immediate();
  return row ? toJob(ctx, row, token, now) : null;
}

/**
 * The same claim as `claimJob`, committed together with whatever other writes arrive at the same
 * moment (src/server/groupCommit.ts): when a new session wakes every waiting phone, their claims
 * share one fsync instead of taking one each.
 */
export async function claimJobGrouped(ctx: Ctx, deviceId: string, req: PollRequest): Promise<Job | null> {
  expireLeases(ctx);
  const token = newToken("lease");
  const now = ctx.now();
  const row = await groupCommit(ctx, () => claimRow(ctx, deviceId, token, now, req.sessions));
  return row ? toJob(ctx, row, token, now) : null;
}

/**
 * The claim and its lease row, inside the caller's transaction: a crash between them must not
 * leave a leased job whose token the server would not recognise (the phone's result would be refused).
 */
function claimRow(ctx: Ctx, deviceId: string, token: string, now: number, sessions?: string[]): ClaimedRow | undefined {
  const hash = hashToken(token);
  const claimed = stmt(
    ctx,
    `UPDATE jobs
          SET state = 'leased', lease_token_hash = @hash, leased_by = @device, updated_at = @now,
              lease_expires_at = @now + 1000 * (SELECT lease_seconds FROM sessions WHERE sessions.id = jobs.session_id)
        WHERE id = (SELECT id FROM jobs WHERE state = 'queued'
                       AND (@sessions IS NULL OR session_id IN (SELECT value FROM json_each(@sessions)))
                       -- issue 20.4: a session pinned to devices is invisible to every other device
                       AND ((SELECT device_ids FROM sessions WHERE sessions.id = jobs.session_id) IS NULL
                        OR @device IN (SELECT value FROM json_each((SELECT device_ids FROM sessions WHERE sessions.id = jobs.session_id))))
                     ORDER BY session_id, position LIMIT 1)
          AND state = 'queued'
          -- issue 20.4: a paused device leases nothing, even if paused while its long-poll waited
          AND NOT EXISTS (SELECT 1 FROM devices WHERE devices.id = @device AND devices.paused_at IS NOT NULL)
      RETURNING id, session_id, task_id, task_version, config_id, config_version, repeat, attempt, lease_expires_at`,
  )
    // v1.1 poll `sessions`: a device working for one study leases only that study's jobs.
    .get({ hash, device: deviceId, now, sessions: sessions?.length ? JSON.stringify(sessions) : null }) as
    ClaimedRow | undefined;
  if (claimed) {
    stmt(ctx, "INSERT INTO leases (token_hash, job_id, attempt, device_id, issued_at) VALUES (?, ?, ?, ?, ?)").run(
      hash,
      claimed.id,
      claimed.attempt,
      deviceId,
      now,
    );
  }
  return claimed;
}

/** The Job a phone receives for a claimed row (protocol.md §1). */
function toJob(ctx: Ctx, row: ClaimedRow, token: string, now: number): Job {
  const session = stmt(ctx, "SELECT name, suite_id, lease_seconds FROM sessions WHERE id = ?").get(row.session_id) as {
    name: string;
    suite_id: string;
    lease_seconds: number;
  };
  const task = getTask(ctx, session.suite_id, row.task_id, row.task_version);
  const config = getConfig(ctx, session.suite_id, row.config_id, row.config_version);
  return {
    id: row.id,
    attempt: row.attempt,
    repeat: row.repeat,
    lease: {
      token,
      expiresAt: new Date(leaseExpiresAt(now, session.lease_seconds)).toISOString(),
      heartbeatSeconds: heartbeatSecondsFor(session.lease_seconds),
    },
    session: { id: row.session_id, name: session.name },
    task: { id: task.id, version: task.version, prompt: task.prompt, workspace: task.workspace },
    config: {
      id: config.id,
      version: config.version,
      systemPrompt: config.systemPrompt,
      tools: config.tools,
      components: config.components,
      contextWindow: config.contextWindow,
      temperature: config.temperature,
      maxToolCalls: config.maxToolCalls,
    },
    protocol: RUN_PROTOCOL,
  };
}
