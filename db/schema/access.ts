import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What every dashboard process on one database shares about the admin login (issue 18.3): one
 * settings row per key (the cookie signing key when ADMIN_SECRET is unset), the login attempts
 * the rate limit counts, and the sessions logged out before their cookie expires.
 */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    address: text("address").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_attempts_address_at").on(t.address, t.at)],
);

export const adminLogouts = sqliteTable("admin_logouts", {
  sessionId: text("session_id").primaryKey(),
  expiresAt: integer("expires_at").notNull(),
});
