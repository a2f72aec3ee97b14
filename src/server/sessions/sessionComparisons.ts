import "server-only";
import { z } from "zod";
import { int } from "../store/columns";
import type { SqlRunner } from "../store/sql";
import { sessionComparisons } from "@/domain/sessions/comparisons";

const CellRow = z.object({ configId: z.string(), taskId: z.string(), repeat: int, runs: int, passed: int });

/**
 * The session page's comparisons (src/domain/sessions/comparisons.ts) from its scored runs per
 * config × task × repeat (current, not superseded, scorable scores, as its pass counts).
 */
export async function readSessionComparisons(
  sql: SqlRunner,
  sessionId: string,
  configIds: readonly string[],
  calibration: boolean,
) {
  const cells = await sql.all(
    CellRow,
    `SELECT r.config_id AS "configId", r.task_id AS "taskId", r.repeat AS "repeat", COUNT(*) AS "runs",
            SUM(CASE WHEN s.passed THEN 1 ELSE 0 END) AS "passed"
       FROM runs r JOIN scores s ON s.run_id = r.id AND s.current
      WHERE r.session_id = ? AND NOT r.superseded AND s.unscorable IS NULL
      GROUP BY r.config_id, r.task_id, r.repeat`,
    [sessionId],
  );
  return sessionComparisons(configIds, cells, calibration);
}
