import "server-only";
import type { Pool } from "pg";
import { AttemptsRow, SettingRow } from "../rows";
import type { AccessStore } from "../types";

/** The admin login's state on PostgreSQL, shared by every process on the database. */
export function pgAccess(pool: Pool): AccessStore {
  return {
    claimSetting: async (key, value) => {
      // Two processes starting at once both insert; the second's conflicts and reads the first's.
      await pool.query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [key, value]);
      return SettingRow.parse((await pool.query("SELECT value FROM settings WHERE key = $1", [key])).rows[0]).value;
    },
    attempt: async (address, now, max, windowMs) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // Attempts from one address at two processes at once take turns here, so neither counts
        // before the other's insert: the limit holds across processes.
        await client.query("SELECT pg_advisory_xact_lock(hashtext('harness-lab:login:' || $1))", [address]);
        await client.query("DELETE FROM login_attempts WHERE address = $1 AND at <= $2", [address, now - windowMs]);
        const r = AttemptsRow.parse(
          (
            await client.query(`SELECT COUNT(*) AS n, MIN(at) AS first FROM login_attempts WHERE address = $1`, [
              address,
            ])
          ).rows[0],
        );
        const allowed = r.n < max;
        if (allowed) await client.query("INSERT INTO login_attempts (address, at) VALUES ($1, $2)", [address, now]);
        await client.query("COMMIT");
        return { allowed, retryAfterMs: allowed ? 0 : windowMs - (now - (r.first ?? now)) };
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    logout: async (sessionId, expiresAt, now) => {
      await pool.query("DELETE FROM admin_logouts WHERE expires_at <= $1", [now]);
      await pool.query("INSERT INTO admin_logouts (session_id, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
        sessionId,
        expiresAt,
      ]);
    },
    loggedOut: async (sessionId) =>
      ((await pool.query("SELECT 1 FROM admin_logouts WHERE session_id = $1", [sessionId])).rowCount ?? 0) > 0,
  };
}

/** Runs `fn` holding the advisory lock `name` (Store.exclusive), on a connection of its own. */
export async function pgExclusive<T>(pool: Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('harness-lab:' || $1))", [name]);
    try {
      return await fn();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('harness-lab:' || $1))", [name]);
    }
  } finally {
    client.release();
  }
}
