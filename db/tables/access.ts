import { bigint, index, table, text } from "./vocabulary";

/**
 * What every dashboard process on one database shares about the admin login (issue 18.3): one
 * settings row per key (the cookie signing key when ADMIN_SECRET is unset), the login attempts
 * the rate limit counts, and the sessions logged out before their cookie expires.
 */
export const settings = table("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const loginAttempts = table(
  "login_attempts",
  {
    address: text("address").notNull(),
    at: bigint("at").notNull(),
  },
  (t) => [index("login_attempts_address_at").on(t.address, t.at)],
);

export const adminLogouts = table("admin_logouts", {
  sessionId: text("session_id").primaryKey(),
  expiresAt: bigint("expires_at").notNull(),
});
