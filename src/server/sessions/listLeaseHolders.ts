import "server-only";
import type { Ctx } from "../context";
import type { LeaseHolder } from "@/domain/sessions";

/**
 * The session's leased jobs with the device holding each (its paired name and id), when the lease
 * was issued and when the job was last heard of (the lease or its last heartbeat: both set
 * `updated_at`), plus the turn of the device's last heartbeat for that job. A job stuck at 95 of 96
 * shows who has it and for how long.
 */
export function listLeaseHolders(ctx: Ctx, sessionId: string): LeaseHolder[] {
  const now = ctx.now();
  const rows = ctx.db.$client
    .prepare(
      `SELECT j.id AS jobId, j.task_id AS taskId, j.config_id AS configId, j.repeat, j.attempt, j.updated_at AS updatedAt,
              l.device_id AS deviceId, d.name AS deviceName, l.issued_at AS issuedAt,
              CASE WHEN d.current_turn_job = j.id THEN d.current_turn END AS turn
         FROM jobs j JOIN leases l ON l.token_hash = j.lease_token_hash LEFT JOIN devices d ON d.id = l.device_id
        WHERE j.session_id = ? AND j.state = 'leased'
        ORDER BY l.issued_at, j.id`,
    )
    .all(sessionId) as {
    jobId: string;
    taskId: string;
    configId: string;
    repeat: number;
    attempt: number;
    updatedAt: number;
    deviceId: string;
    deviceName: string | null;
    issuedAt: number;
    turn: number | null;
  }[];
  return rows.map((r) => {
    const lastHeard = Math.max(r.updatedAt, r.issuedAt);
    return {
      jobId: r.jobId,
      taskId: r.taskId,
      configId: r.configId,
      repeat: r.repeat,
      attempt: r.attempt,
      device: { id: r.deviceId, name: r.deviceName ?? r.deviceId },
      since: new Date(r.issuedAt).toISOString(),
      heldMs: Math.max(0, now - r.issuedAt),
      lastHeardAt: new Date(lastHeard).toISOString(),
      silentMs: Math.max(0, now - lastHeard),
      turn: r.turn,
    };
  });
}
