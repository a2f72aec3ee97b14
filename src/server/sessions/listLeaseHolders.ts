import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import type { LeaseHolder } from "@/domain/sessions";
import { int } from "../store/columns";
import type { SqlRunner } from "../store/sql";

const HolderRow = z.object({
  jobId: z.string(),
  taskId: z.string(),
  configId: z.string(),
  repeat: int,
  attempt: int,
  updatedAt: int,
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  reportedId: z.string().nullable(),
  issuedAt: int,
  turn: int.nullable(),
});

/**
 * The session's leased jobs with the device holding each (its paired name and id), when the lease
 * was issued and when the job was last heard of (the lease or its last heartbeat: both set
 * `updated_at`), plus the turn of the device's last heartbeat for that job. A job stuck at 95 of 96
 * shows who has it and for how long.
 */
export async function listLeaseHolders(
  ctx: Ctx,
  sessionId: string,
  sql: SqlRunner = ctx.store.sql,
): Promise<LeaseHolder[]> {
  const now = ctx.now();
  const rows = await sql.all(
    HolderRow,
    `SELECT j.id AS "jobId", j.task_id AS "taskId", j.config_id AS "configId", j.repeat, j.attempt, j.updated_at AS "updatedAt",
            l.device_id AS "deviceId", d.name AS "deviceName", l.reported_device_id AS "reportedId", l.issued_at AS "issuedAt",
            CASE WHEN d.current_turn_job = j.id THEN d.current_turn END AS turn
       FROM jobs j JOIN leases l ON l.token_hash = j.lease_token_hash LEFT JOIN devices d ON d.id = l.device_id
      WHERE j.session_id = ? AND j.state = 'leased'
      ORDER BY l.issued_at, j.id`,
    [sessionId],
  );
  return rows.map((r) => {
    const lastHeard = Math.max(r.updatedAt, r.issuedAt);
    return {
      jobId: r.jobId,
      taskId: r.taskId,
      configId: r.configId,
      repeat: r.repeat,
      attempt: r.attempt,
      device: { id: r.deviceId, name: r.deviceName ?? r.deviceId, reportedId: r.reportedId },
      since: new Date(r.issuedAt).toISOString(),
      heldMs: Math.max(0, now - r.issuedAt),
      lastHeardAt: new Date(lastHeard).toISOString(),
      silentMs: Math.max(0, now - lastHeard),
      turn: r.turn,
    };
  });
}
