import "server-only";
import { z } from "zod";
import { pushTo } from "@/domain/pushTo";
import type { Ctx } from "../context";
import { emptyCounts, JOB_STATES, type JobCounts } from "@/domain/queue";
import type { SessionDevice } from "@/domain/sessions";
import { IMPORTED_SUITE } from "../export/importRuns";
import { flag, int } from "../store/columns";
import { dialectOf } from "../store/dialect";
import { deviceNames } from "../devices/deviceNames";
import { phoneLabel } from "@/domain/fleet";

const SessionRow = z.object({
  id: z.string(),
  name: z.string(),
  trial: flag,
  calibration: flag,
  createdAt: int,
  cancelledAt: int.nullable(),
  suiteId: z.string(),
  configIds: z.string(),
});
const CountRow = z.object({ sessionId: z.string(), state: z.enum(JOB_STATES), n: int });
const TotalsRow = z.object({ sessionId: z.string(), runs: int, scored: int, passed: int });
const DeviceRow = z.object({
  sessionId: z.string(),
  id: z.string(),
  model: z.string(),
  tokenId: z.string().nullable(),
  runs: int,
});

/**
 * Sessions newest first, with their job counts and what the list shows of each (issue 16.3): its
 * configs, its pass rate with n over its current, non-superseded, scorable runs (as the session
 * page's table counts them, ADR 6), the devices that returned its runs, and its run count (an
 * imported session has runs but no jobs). Four grouped reads, whatever the number of sessions.
 */
export async function listSessions(ctx: Ctx) {
  const { sql } = ctx.store;
  const c = dialectOf(sql).collateC;
  const [sessions, counts, totals, deviceRows, names] = await Promise.all([
    sql.all(
      SessionRow,
      `SELECT id, name, trial, calibration, created_at AS "createdAt", cancelled_at AS "cancelledAt", suite_id AS "suiteId",
              config_ids AS "configIds"
         FROM sessions ORDER BY created_at DESC, ${c("id")} DESC`,
    ),
    sql.all(CountRow, `SELECT session_id AS "sessionId", state, COUNT(*) AS n FROM jobs GROUP BY session_id, state`),
    sql.all(
      TotalsRow,
      `SELECT r.session_id AS "sessionId", COUNT(*) AS runs,
              SUM(CASE WHEN s.unscorable IS NULL THEN 1 ELSE 0 END) AS scored,
              SUM(CASE WHEN s.unscorable IS NULL AND s.passed THEN 1 ELSE 0 END) AS passed
         FROM runs r JOIN scores s ON s.run_id = r.id AND s.current
        WHERE NOT r.superseded GROUP BY r.session_id`,
    ),
    sql.all(
      DeviceRow,
      `SELECT session_id AS "sessionId", device_id AS id, device_model AS model, token_device_id AS "tokenId",
              COUNT(*) AS runs
         FROM runs GROUP BY session_id, device_id, device_model, token_device_id
        ORDER BY ${c("session_id")}, ${c("device_id")}, ${c("device_model")}`,
    ),
    deviceNames(sql),
  ]);
  const bySession = new Map<string, JobCounts>();
  for (const r of counts) {
    const m = bySession.get(r.sessionId) ?? emptyCounts();
    m[r.state] = r.n;
    bySession.set(r.sessionId, m);
  }
  const totalsBy = new Map(totals.map((t) => [t.sessionId, t]));
  const devices = new Map<string, SessionDevice[]>();
  for (const { sessionId, tokenId, ...d } of deviceRows)
    pushTo(devices, sessionId, {
      ...d,
      label: phoneLabel(tokenId === null ? null : (names.get(tokenId) ?? null), d.id),
    });
  return sessions.map((s) => {
    const t = totalsBy.get(s.id) ?? { runs: 0, scored: 0, passed: 0 };
    return {
      id: s.id,
      name: s.name,
      trial: s.trial,
      calibration: s.calibration,
      suiteId: s.suiteId,
      imported: s.suiteId === IMPORTED_SUITE,
      createdAt: new Date(s.createdAt).toISOString(),
      cancelled: s.cancelledAt !== null,
      counts: bySession.get(s.id) ?? emptyCounts(),
      configIds: JSON.parse(s.configIds) as string[],
      runs: t.runs,
      scored: t.scored,
      passed: t.passed,
      devices: devices.get(s.id) ?? [],
    };
  });
}
