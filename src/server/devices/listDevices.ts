import "server-only";
import type { Ctx } from "../context";
import { stmt } from "../statements";
import { deviceStats, isOnline, queueEta, timingOutliers, type DeviceRun, type TimingPoint } from "@/domain/fleet";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const DAY_MS = 24 * 3600_000;

interface Row {
  id: string;
  name: string;
  createdAt: number;
  lastSeenAt: number | null;
  revokedAt: number | null;
  pausedAt: number | null;
  thermal: string | null;
  battery: number | null;
  charging: number | null;
  stateAt: number | null;
  phoneModel: string | null;
  app: string | null;
  model: string | null;
  commit: string | null;
  turn: number | null;
  turnJob: string | null;
}
interface Current {
  deviceId: string;
  jobId: string;
  sessionId: string;
  sessionName: string;
  taskId: string;
  configId: string;
  attempt: number;
}

/**
 * Every paired device with what the fleet page shows (issue 20.4): online (seen in the last minute),
 * paused, the job it holds now with the turn of its last heartbeat, its last reported state and
 * build, its last 24 hours of runs, and whether its TTFT slope is an outlier; plus the queue's ETA
 * over the online, unpaused, unrevoked phones. Runs are tied to a device by their lease.
 */
export function listDevices(ctx: Ctx) {
  const now = ctx.now();
  const rows = stmt(
    ctx,
    `SELECT id, name, created_at AS createdAt, last_seen_at AS lastSeenAt, revoked_at AS revokedAt,
       paused_at AS pausedAt, state_thermal AS thermal, state_battery AS battery, state_charging AS charging, state_at AS stateAt,
       phone_model AS phoneModel, build_app AS app, build_model AS model, build_commit AS "commit",
       current_turn AS turn, current_turn_job AS turnJob
     FROM devices ORDER BY created_at, id`,
  ).all() as Row[];
  const current = new Map(
    (
      stmt(
        ctx,
        `SELECT l.device_id AS deviceId, j.id AS jobId, j.session_id AS sessionId, s.name AS sessionName,
       j.task_id AS taskId, j.config_id AS configId, j.attempt
     FROM jobs j JOIN leases l ON l.token_hash = j.lease_token_hash JOIN sessions s ON s.id = j.session_id
     WHERE j.state = 'leased'`,
      ).all() as Current[]
    ).map((c) => [c.deviceId, c]),
  );
  const recent = stmt(
    ctx,
    `SELECT l.device_id AS deviceId, sc.passed, sc.first_ttft_ms AS firstTtftMs,
       (SELECT COALESCE(SUM(t.output_tokens), 0) FROM turns t WHERE t.run_id = r.id) AS outputTokens,
       (SELECT COALESCE(SUM(t.decode_ms), 0) FROM turns t WHERE t.run_id = r.id) AS decodeMs
     FROM runs r JOIN leases l ON l.token_hash = r.lease_token_hash JOIN scores sc ON sc.run_id = r.id AND sc.current = 1
     WHERE r.superseded = 0 AND r.received_at >= ?`,
  ).all(now - DAY_MS) as (DeviceRun & { deviceId: string; passed: number | boolean })[];
  const points = stmt(
    ctx,
    `SELECT l.device_id AS deviceId, r.build_commit AS buildCommit, r.config_id AS configId,
       t.prompt_tokens AS promptTokens, t.ttft_ms AS ttftMs
     FROM runs r JOIN leases l ON l.token_hash = r.lease_token_hash JOIN turns t ON t.run_id = r.id
     WHERE r.superseded = 0 AND r.received_at >= ?`,
  ).all(now - DAY_MS) as TimingPoint[];
  const outliers = timingOutliers(points);

  const devices = rows.map((d) => {
    const job = current.get(d.id);
    const mine = recent.filter((r) => r.deviceId === d.id).map((r) => ({ ...r, passed: !!r.passed }));
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
          : {
              thermal: d.thermal,
              battery: d.battery,
              charging: d.charging === null ? null : !!d.charging,
              at: iso(d.stateAt)!,
            },
      phone: d.phoneModel === null ? null : { model: d.phoneModel, app: d.app, llm: d.model, commit: d.commit },
      last24h: deviceStats(mine),
      outliers: outliers
        .filter((o) => o.deviceId === d.id)
        .map((o) => ({ build: o.buildCommit, config: o.configId, reason: o.reason })),
    };
  });
  return { devices, eta: fleetEta(ctx, devices.filter((d) => d.online && !d.paused).length) };
}

/** Remaining jobs of live sessions against finished runs' wall times (src/domain/fleet/eta.ts). */
function fleetEta(ctx: Ctx, onlineDevices: number) {
  const remaining = stmt(
    ctx,
    `SELECT j.config_id AS configId, COUNT(*) AS jobs FROM jobs j JOIN sessions s ON s.id = j.session_id
     WHERE j.state IN ('queued', 'leased') AND s.cancelled_at IS NULL GROUP BY j.config_id`,
  ).all() as { configId: string; jobs: number }[];
  // The latest 500 runs are plenty for a median, and bound the traces read on every refresh.
  const finished = stmt(
    ctx,
    `SELECT r.config_id AS configId, r.started_at AS startedAt, r.id AS runId FROM runs r WHERE r.superseded = 0
     ORDER BY r.received_at DESC LIMIT 500`,
  ).all() as { configId: string; startedAt: string; runId: string }[];
  const wall = stmt(ctx, "SELECT json_extract(body, '$.endedAt') AS endedAt FROM traces WHERE run_id = ?");
  const timed = finished.flatMap((r) => {
    const end = (wall.get(r.runId) as { endedAt: string | null } | undefined)?.endedAt;
    const ms = end ? Date.parse(end) - Date.parse(r.startedAt) : NaN;
    return Number.isFinite(ms) && ms >= 0 ? [{ configId: r.configId, wallMs: ms }] : [];
  });
  return queueEta(remaining, timed, onlineDevices);
}
