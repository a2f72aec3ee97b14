import "server-only";
import { sql } from "drizzle-orm";
import type { PgDb } from "@db/pg-client";
import { afterLeaseEnded } from "@/domain/queue";
import { DeviceAuthRow, LiveLeaseRow, PollStateRow, rowOf } from "../rows";
import { JOBS_CHANNEL } from "./listener";
import type { DeviceStore } from "../types";

/** The devices aggregate on PostgreSQL: the same rows as on SQLite. */
export function pgDevices(db: PgDb): DeviceStore {
  return {
    pollState: async (deviceId) =>
      rowOf(
        PollStateRow,
        (
          await db.execute(sql`SELECT paused_at AS "pausedAt", state_thermal AS thermal, state_battery AS battery,
              state_charging AS charging, state_at AS at, phone_model AS model, build_app AS app,
              build_model AS "buildModel", build_commit AS "commit"
            FROM devices WHERE id = ${deviceId}`)
        ).rows[0],
      ),
    savePollState: async (deviceId, s, now) => {
      await db.execute(sql`UPDATE devices SET state_thermal = ${s.thermal}, state_battery = ${s.battery},
          state_charging = ${s.charging}, state_at = ${now}, phone_model = ${s.model}, build_app = ${s.app},
          build_model = ${s.buildModel}, build_commit = ${s.commit} WHERE id = ${deviceId}`);
    },
    byToken: async (tokenHash) =>
      rowOf(
        DeviceAuthRow,
        (
          await db.$client.query(
            `SELECT id, name, last_seen_at AS "lastSeenAt", revoked_at AS "revokedAt" FROM devices WHERE token_hash = $1`,
            [tokenHash],
          )
        ).rows[0],
      ),
    seen: async (id, now) => {
      await db.$client.query("UPDATE devices SET last_seen_at = $1 WHERE id = $2", [now, id]);
    },
    create: async (d) => {
      await db.$client.query("INSERT INTO devices (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)", [
        d.id,
        d.name,
        d.tokenHash,
        d.createdAt,
      ]);
    },
    exists: async (id) => ((await db.$client.query("SELECT 1 FROM devices WHERE id = $1", [id])).rowCount ?? 0) > 0,
    setPaused: async (id, paused, now) => {
      if (paused)
        await db.$client.query("UPDATE devices SET paused_at = $1 WHERE id = $2 AND paused_at IS NULL", [now, id]);
      // The resumed phone may be long-polling on another process: the notification wakes it there.
      else
        await db.$client.query(
          "WITH u AS (UPDATE devices SET paused_at = NULL WHERE id = $1 RETURNING id) SELECT pg_notify($2, '') FROM u",
          [id, JOBS_CHANNEL],
        );
    },
    revoke: (id, now) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE devices SET revoked_at = ${now} WHERE id = ${id} AND revoked_at IS NULL`);
        // Locked, so a result or an expiry at another process ends each lease once.
        const leases = (
          await tx.execute(sql`SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS "maxAttempts"
              FROM jobs j JOIN sessions s ON s.id = j.session_id JOIN leases l ON l.token_hash = j.lease_token_hash
             WHERE j.state = 'leased' AND l.device_id = ${id}
               FOR UPDATE OF j`)
        ).rows.map((r) => LiveLeaseRow.parse(r));
        let requeued = 0;
        for (const j of leases) {
          const next = afterLeaseEnded(j, "device_revoked");
          const u = await tx.execute(sql`UPDATE jobs SET state = ${next.state}, attempt = ${next.attempt},
                failure_reason = ${next.failureReason}, lease_token_hash = NULL, lease_expires_at = NULL, updated_at = ${now}
              WHERE id = ${j.id} AND state = 'leased' AND lease_token_hash = ${j.token}`);
          if (u.rowCount && next.state === "queued") requeued++;
        }
        // Delivered to every process's LISTEN connection at commit: their waiting polls claim.
        if (requeued) await tx.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`);
        return requeued;
      }),
  };
}
