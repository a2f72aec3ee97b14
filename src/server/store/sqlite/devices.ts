import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { DeviceAuthRow, LiveLeaseRow, PollStateRow, rowOf } from "../rows";
import { endLeases } from "./endLeases";
import type { DeviceStore } from "../types";

/** The devices aggregate on SQLite: the statements src/server/devices/* ran, unchanged. */
export function sqliteDevices(ctx: DbCtx): DeviceStore {
  return {
    pollState: async (deviceId) =>
      rowOf(
        PollStateRow,
        stmt(
          ctx,
          `SELECT paused_at AS pausedAt, state_thermal AS thermal, state_battery AS battery, state_charging AS charging,
             state_at AS at, phone_model AS model, build_app AS app, build_model AS buildModel, build_commit AS "commit"
        FROM devices WHERE id = ?`,
        ).get(deviceId),
      ),
    savePollState: async (deviceId, s, now) => {
      stmt(
        ctx,
        `UPDATE devices SET state_thermal = @thermal, state_battery = @battery, state_charging = @charging, state_at = @now,
        phone_model = @model, build_app = @app, build_model = @buildModel, build_commit = @commit WHERE id = @id`,
      ).run({ ...s, charging: s.charging === null ? null : s.charging ? 1 : 0, now, id: deviceId });
    },
    // Every device request starts here, so the lookup is a prepared statement, not a built query.
    byToken: async (tokenHash) =>
      rowOf(
        DeviceAuthRow,
        stmt(
          ctx,
          "SELECT id, name, last_seen_at AS lastSeenAt, revoked_at AS revokedAt FROM devices WHERE token_hash = ?",
        ).get(tokenHash),
      ),
    seen: async (id, now) => {
      stmt(ctx, "UPDATE devices SET last_seen_at = ? WHERE id = ?").run(now, id);
    },
    create: async (d) => {
      stmt(ctx, "INSERT INTO devices (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)").run(
        d.id,
        d.name,
        d.tokenHash,
        d.createdAt,
      );
    },
    exists: async (id) => stmt(ctx, "SELECT id FROM devices WHERE id = ?").get(id) !== undefined,
    setPaused: async (id, paused, now) => {
      if (paused) stmt(ctx, "UPDATE devices SET paused_at = ? WHERE id = ? AND paused_at IS NULL").run(now, id);
      else {
        stmt(ctx, "UPDATE devices SET paused_at = NULL WHERE id = ?").run(id);
        ctx.events.emit("jobs");
      }
    },
    revoke: async (id, now) => {
      const requeued = ctx.drizzle.$client
        .transaction(() => {
          stmt(ctx, "UPDATE devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(now, id);
          const leases = stmt(
            ctx,
            `SELECT j.id, j.attempt, j.lease_token_hash AS token, s.max_attempts AS maxAttempts
               FROM jobs j JOIN sessions s ON s.id = j.session_id JOIN leases l ON l.token_hash = j.lease_token_hash
              WHERE j.state = 'leased' AND l.device_id = ?`,
          )
            .all(id)
            .map((r) => LiveLeaseRow.parse(r));
          return endLeases(ctx, leases, "device_revoked", now);
        })
        .immediate();
      if (requeued) ctx.events.emit("jobs");
      return requeued;
    },
  };
}
