import "server-only";
import type { Ctx } from "../context";
import type { Job, PollRequest } from "@/domain/protocol";
import { heartbeatSecondsFor, leaseExpiresAt } from "@/domain/queue";
import { hashToken, newToken } from "../ids";
import type { ClaimedRow } from "../store/rows";
import { expireLeases } from "./expireLeases";

/** What a phone does before each measured run (protocol.md §1). */
export const RUN_PROTOCOL = { warmup: true, rest: { untilThermal: "nominal", maxSeconds: 180 } } as const;

/**
 * Leases the next queued job (oldest session first, then the session's job order) to a device.
 * No job is ever leased twice: on SQLite one conditional UPDATE … RETURNING in the group commit
 * (claims arriving together share one fsync, ADR 4), on PostgreSQL `FOR UPDATE SKIP LOCKED`.
 */
export async function claimJob(ctx: Ctx, deviceId: string, req: PollRequest): Promise<Job | null> {
  await expireLeases(ctx);
  const token = newToken("lease");
  const now = ctx.now();
  const row = await ctx.store.queue.claim({
    deviceId,
    reportedDeviceId: req.device.id,
    sessions: req.sessions,
    tokenHash: hashToken(token),
    now,
  });
  return row ? toJob(ctx, row, token, now) : null;
}

/** The Job a phone receives for a claimed row (protocol.md §1). */
async function toJob(ctx: Ctx, row: ClaimedRow, token: string, now: number): Promise<Job> {
  const [task, config] = await Promise.all([
    ctx.store.queue.task(row.suiteId, row.taskId, row.taskVersion),
    ctx.store.queue.config(row.suiteId, row.configId, row.configVersion),
  ]);
  return {
    id: row.id,
    attempt: row.attempt,
    repeat: row.repeat,
    lease: {
      token,
      expiresAt: new Date(leaseExpiresAt(now, row.leaseSeconds)).toISOString(),
      heartbeatSeconds: heartbeatSecondsFor(row.leaseSeconds),
    },
    session: { id: row.sessionId, name: row.sessionName },
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
