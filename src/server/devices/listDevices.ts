import "server-only";
import { z } from "zod";
import type { Ctx } from "../context";
import { flag, flagOrNull, int, num, numOrNull } from "../store/columns";
import { dialectOf } from "../store/dialect";
import { deviceStats, isOnline, queueEta, timingOutliers } from "@/domain/fleet";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const DAY_MS = 24 * 3600_000;
const str = z.string();
const strOrNull = z.string().nullable();
const intOrNull = int.nullable();

const DeviceRow = z.object({
  id: str,
  name: str,
  createdAt: int,
  lastSeenAt: intOrNull,
  revokedAt: intOrNull,
  pausedAt: intOrNull,
  thermal: strOrNull,
  battery: numOrNull,
  charging: flagOrNull,
  stateAt: intOrNull,
  phoneModel: strOrNull,
  app: strOrNull,
  model: strOrNull,
  commit: strOrNull,
  turn: intOrNull,
  turnJob: strOrNull,
});
const CurrentRow = z.object({
  deviceId: str,
  jobId: str,
  sessionId: str,
  sessionName: str,
  taskId: str,
  configId: str,
  attempt: int,
});
const RecentRow = z.object({ deviceId: str, passed: flag, firstTtftMs: numOrNull, outputTokens: num, decodeMs: num });
const PointRow = z.object({
  runId: str,
  deviceId: str,
  buildCommit: str,
  configId: str,
  promptTokens: num,
  ttftMs: num,
});

/**
 * Every paired device with what the fleet page shows (issue 20.4): online (seen in the last minute),
 * paused, the job it holds now with the turn of its last heartbeat, its last reported state and
 * build, its last 24 hours of runs, and whether its TTFT slope is an outlier; plus the queue's ETA
 * over the online, unpaused, unrevoked phones. Runs are tied to a device by their lease. Written
 * once for both engines (ctx.store.sql).
 */
export async function listDevices(ctx: Ctx) {
  const now = ctx.now();
  const { sql } = ctx.store;
  const [rows, currentRows, recent, points] = await Promise.all([
    sql.all(
      DeviceRow,
      `SELECT id, name, created_at AS "createdAt", last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt",
         paused_at AS "pausedAt", state_thermal AS thermal, state_battery AS battery, state_charging AS charging,
         state_at AS "stateAt", phone_model AS "phoneModel", build_app AS app, build_model AS model,
         build_commit AS "commit", current_turn AS turn, current_turn_job AS "turnJob"
       FROM devices ORDER BY created_at, ${dialectOf(sql).collateC("id")}`,
    ),
    sql.all(
      CurrentRow,
      `SELECT l.device_id AS "deviceId", j.id AS "jobId", j.session_id AS "sessionId", s.name AS "sessionName",
         j.task_id AS "taskId", j.config_id AS "configId", j.attempt
       FROM jobs j JOIN leases l ON l.token_hash = j.lease_token_hash JOIN sessions s ON s.id = j.session_id
       WHERE j.state = 'leased'`,
    ),
    sql.all(
      RecentRow,
      `SELECT l.device_id AS "deviceId", sc.passed, sc.first_ttft_ms AS "firstTtftMs",
         (SELECT COALESCE(SUM(t.output_tokens), 0) FROM turns t WHERE t.run_id = r.id) AS "outputTokens",
         (SELECT COALESCE(SUM(t.decode_ms), 0) FROM turns t WHERE t.run_id = r.id) AS "decodeMs"
       FROM runs r JOIN leases l ON l.token_hash = r.lease_token_hash JOIN scores sc ON sc.run_id = r.id AND sc.current
       WHERE NOT r.superseded AND r.received_at >= ?`,
      [now - DAY_MS],
    ),
    sql.all(
      PointRow,
      `SELECT r.id AS "runId", l.device_id AS "deviceId", r.build_commit AS "buildCommit", r.config_id AS "configId",
         t.prompt_tokens AS "promptTokens", t.ttft_ms AS "ttftMs"
       FROM runs r JOIN leases l ON l.token_hash = r.lease_token_hash JOIN turns t ON t.run_id = r.id
       WHERE NOT r.superseded AND r.received_at >= ?`,
      [now - DAY_MS],
    ),
  ]);
  const current = new Map(currentRows.map((c) => [c.deviceId, c]));
  const outliers = timingOutliers(points);

  const devices = rows.map((d) => {
    const job = current.get(d.id);
    const mine = recent.filter((r) => r.deviceId === d.id);
    return {
      id: d.id,
      name: d.name,
      createdAt: iso(d.createdAt)!,
      lastSeenAt: iso(d.lastSeenAt),
      revoked: d.revokedAt !== null,
      online: d.revokedAt === null && isOnline(d.lastSeenAt, now),
      paused: d.pausedAt !== null,
      current: job
        ? {
            session: { id: job.sessionId, name: job.sessionName },
            job: job.jobId,
            attempt: job.attempt,
            task: job.taskId,
            config: job.configId,
            turn: d.turnJob === job.jobId ? d.turn : null,
          }
        : null,
      state:
        d.thermal === null
          ? null
          : { thermal: d.thermal, battery: d.battery, charging: d.charging, at: iso(d.stateAt)! },
      phone: d.phoneModel === null ? null : { model: d.phoneModel, app: d.app, llm: d.model, commit: d.commit },
      last24h: deviceStats(mine),
      outliers: outliers
        .filter((o) => o.deviceId === d.id)
        .map((o) => ({ build: o.buildCommit, config: o.configId, reason: o.reason })),
    };
  });
  return { devices, eta: await fleetEta(ctx, devices.filter((d) => d.online && !d.paused).length) };
}

const RemainingRow = z.object({ configId: str, jobs: int });
const FinishedRow = z.object({ configId: str, startedAt: str, endedAt: strOrNull });

/** Remaining jobs of live sessions against finished runs' wall times (src/domain/fleet/eta.ts). */
async function fleetEta(ctx: Ctx, onlineDevices: number) {
  const { sql } = ctx.store;
  const remaining = await sql.all(
    RemainingRow,
    `SELECT j.config_id AS "configId", COUNT(*) AS jobs FROM jobs j JOIN sessions s ON s.id = j.session_id
     WHERE j.state IN ('queued', 'leased') AND s.cancelled_at IS NULL GROUP BY j.config_id`,
  );
  // The latest 500 runs are plenty for a median, and bound the traces read on every refresh: the
  // end time is read per output row, after the LIMIT.
  const finished = await sql.all(
    FinishedRow,
    `SELECT r.config_id AS "configId", r.started_at AS "startedAt",
       (SELECT ${dialectOf(sql).jsonText(dialectOf(sql).traceText("t.body"), "$.endedAt")} FROM traces t WHERE t.run_id = r.id) AS "endedAt"
     FROM runs r WHERE NOT r.superseded ORDER BY r.received_at DESC LIMIT 500`,
  );
  const timed = finished.flatMap((r) => {
    const ms = r.endedAt ? Date.parse(r.endedAt) - Date.parse(r.startedAt) : NaN;
    return Number.isFinite(ms) && ms >= 0 ? [{ configId: r.configId, wallMs: ms }] : [];
  });
  return queueEta(remaining, timed, onlineDevices);
}
