import "server-only";
import type { DbCtx } from "./dbCtx";
import { stmt } from "./statements";
import { AttemptsRow, SettingRow } from "../rows";
import type { AccessStore } from "../types";

/** The admin login's state on SQLite: one connection writes, so each method is one synchronous transaction. */
export function sqliteAccess(ctx: DbCtx): AccessStore {
  const sqlite = ctx.drizzle.$client;
  return {
    claimSetting: async (key, value) => {
      stmt(ctx, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING").run(key, value);
      return SettingRow.parse(stmt(ctx, "SELECT value FROM settings WHERE key = ?").get(key)).value;
    },
    attempt: async (address, now, max, windowMs) =>
      sqlite.transaction(() => {
        stmt(ctx, "DELETE FROM login_attempts WHERE address = ? AND at <= ?").run(address, now - windowMs);
        const r = AttemptsRow.parse(
          stmt(ctx, "SELECT COUNT(*) AS n, MIN(at) AS first FROM login_attempts WHERE address = ?").get(address),
        );
        if (r.n >= max) return { allowed: false, retryAfterMs: windowMs - (now - (r.first ?? now)) };
        stmt(ctx, "INSERT INTO login_attempts (address, at) VALUES (?, ?)").run(address, now);
        return { allowed: true, retryAfterMs: 0 };
      })(),
    logout: async (sessionId, expiresAt, now) => {
      stmt(ctx, "DELETE FROM admin_logouts WHERE expires_at <= ?").run(now);
      stmt(ctx, "INSERT INTO admin_logouts (session_id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING").run(
        sessionId,
        expiresAt,
      );
    },
    loggedOut: async (sessionId) =>
      stmt(ctx, "SELECT 1 FROM admin_logouts WHERE session_id = ?").get(sessionId) !== undefined,
  };
}
