import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/** PostgreSQL twin of db/schema/sessions.ts. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    suiteId: text("suite_id").notNull(),
    suiteVersion: integer("suite_version").notNull(),
    trial: boolean("trial").notNull().default(false),
    calibration: boolean("calibration").notNull().default(false),
    jobOrder: text("job_order").notNull(),
    seed: bigint("seed", { mode: "number" }).notNull(),
    repeats: integer("repeats").notNull(),
    leaseSeconds: integer("lease_seconds").notNull(),
    maxAttempts: integer("max_attempts").notNull(),
    notes: text("notes"),
    taskIds: text("task_ids").notNull(),
    configIds: text("config_ids").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    cancelledAt: bigint("cancelled_at", { mode: "number" }),
    deviceIds: text("device_ids"),
    importKey: text("import_key"),
  },
  (t) => [index("sessions_created").on(t.createdAt, t.id), index("sessions_import_key").on(t.importKey)],
);
