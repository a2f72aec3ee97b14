import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";

/** PostgreSQL twins of db/schema/access.ts. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const loginAttempts = pgTable(
  "login_attempts",
  {
    address: text("address").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("login_attempts_address_at").on(t.address, t.at)],
);

export const adminLogouts = pgTable("admin_logouts", {
  sessionId: text("session_id").primaryKey(),
  expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
});
