import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    suiteId: text("suite_id").notNull(),
    suiteVersion: integer("suite_version").notNull(),
    trial: integer("trial", { mode: "boolean" }).notNull().default(false),
    // An A/A calibration: one config run twice (arms by repeat parity) to measure a phone's noise.
    calibration: integer("calibration", { mode: "boolean" }).notNull().default(false),
    jobOrder: text("job_order").notNull(),
    seed: integer("seed").notNull(),
    repeats: integer("repeats").notNull(),
    leaseSeconds: integer("lease_seconds").notNull(),
    maxAttempts: integer("max_attempts").notNull(),
    notes: text("notes"),
    taskIds: text("task_ids").notNull(),
    configIds: text("config_ids").notNull(),
    createdAt: integer("created_at").notNull(),
    cancelledAt: integer("cancelled_at"),
    // Issue 20.4: JSON array of device ids that alone may lease this session's jobs (null: any device).
    deviceIds: text("device_ids"),
    // Issue 32.3: the SHA-256 of the runs.json that created this session (src/domain/export/importKey), so
    // the same file imported again answers with these sessions instead of storing its runs twice.
    importKey: text("import_key"),
  },
  (t) => [index("sessions_created").on(t.createdAt, t.id), index("sessions_import_key").on(t.importKey)],
);
