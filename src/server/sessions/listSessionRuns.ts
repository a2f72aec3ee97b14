import "server-only";
import type { Ctx } from "../context";

export interface SessionRunRow {
  id: string;
  taskId: string;
  configId: string;
  repeat: number;
  attempt: number;
  deviceId: string;
  passed: boolean;
  outcome: string;
  outcomeReason: string;
  superseded: boolean;
  receivedAt: string;
}

/** The session's runs, newest first, with their current verdicts. */
export function listSessionRuns(ctx: Ctx, sessionId: string, limit = 200): SessionRunRow[] {
  const rows = ctx.db.$client
    .prepare(
      `SELECT r.id, r.task_id, r.config_id, r.repeat, r.attempt, r.device_id, r.superseded, r.received_at,
              s.passed, s.outcome, s.outcome_reason
         FROM runs r JOIN scores s ON s.run_id = r.id AND s.current = 1
        WHERE r.session_id = ? ORDER BY r.received_at DESC, r.id DESC LIMIT ?`,
    )
    .all(sessionId, limit) as Record<string, string | number>[];
  return rows.map((r) => ({
    id: String(r.id),
    taskId: String(r.task_id),
    configId: String(r.config_id),
    repeat: Number(r.repeat),
    attempt: Number(r.attempt),
    deviceId: String(r.device_id),
    passed: !!r.passed,
    outcome: String(r.outcome),
    outcomeReason: String(r.outcome_reason),
    superseded: !!r.superseded,
    receivedAt: new Date(Number(r.received_at)).toISOString(),
  }));
}
