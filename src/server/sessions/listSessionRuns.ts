import "server-only";
import { z } from "zod";
import { flag, int } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import { phoneLabel } from "@/domain/fleet";

export interface SessionRunRow {
  id: string;
  taskId: string;
  configId: string;
  repeat: number;
  attempt: number;
  deviceId: string;
  /** The phone as every page names it (issue 34.2): its token's name, the reported id beside it. */
  deviceLabel: string;
  passed: boolean;
  outcome: string;
  outcomeReason: string;
  superseded: boolean;
  receivedAt: string;
}

const RunRow = z.object({
  id: z.string(),
  taskId: z.string(),
  configId: z.string(),
  repeat: int,
  attempt: int,
  deviceId: z.string(),
  tokenName: z.string().nullable(),
  superseded: flag,
  receivedAt: int,
  passed: flag,
  outcome: z.string(),
  outcomeReason: z.string(),
});

/** The session's runs, newest first, with their current verdicts. */
export async function listSessionRuns(sql: SqlRunner, sessionId: string, limit = 200): Promise<SessionRunRow[]> {
  const rows = await sql.all(
    RunRow,
    `SELECT r.id, r.task_id AS "taskId", r.config_id AS "configId", r.repeat, r.attempt, r.device_id AS "deviceId",
            d.name AS "tokenName", r.superseded, r.received_at AS "receivedAt", s.passed, s.outcome, s.outcome_reason AS "outcomeReason"
       FROM runs r JOIN scores s ON s.run_id = r.id AND s.current LEFT JOIN devices d ON d.id = r.token_device_id
      WHERE r.session_id = ? ORDER BY r.received_at DESC, r.id DESC LIMIT ?`,
    [sessionId, limit],
  );
  return rows.map(({ tokenName, ...r }) => ({
    ...r,
    deviceLabel: phoneLabel(tokenName, r.deviceId),
    receivedAt: new Date(r.receivedAt).toISOString(),
  }));
}
