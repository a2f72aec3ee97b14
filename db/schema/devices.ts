import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Paired phones. Only a SHA-256 of the bearer token is kept; the token is shown once. */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("devices_token_hash").on(t.tokenHash)],
);
