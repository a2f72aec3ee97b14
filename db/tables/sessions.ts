import { bigint, bool, index, int, table, text } from "./vocabulary";

export const sessions = table(
  "sessions",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    suiteId: text("suite_id").notNull(),
    suiteVersion: int("suite_version").notNull(),
    trial: bool("trial").notNull().default(false),
    // An A/A calibration: one config run twice (arms by repeat parity) to measure a phone's noise.
    calibration: bool("calibration").notNull().default(false),
    jobOrder: text("job_order").notNull(),
    seed: bigint("seed").notNull(),
    repeats: int("repeats").notNull(),
    leaseSeconds: int("lease_seconds").notNull(),
    maxAttempts: int("max_attempts").notNull(),
    notes: text("notes"),
    taskIds: text("task_ids").notNull(),
    configIds: text("config_ids").notNull(),
    createdAt: bigint("created_at").notNull(),
    cancelledAt: bigint("cancelled_at"),
    // Issue 20.4: JSON array of device ids that alone may lease this session's jobs (null: any device).
    deviceIds: text("device_ids"),
    // Issue 32.3: the SHA-256 of the runs.json that created this session (src/domain/export/importKey), so
    // the same file imported again answers with these sessions instead of storing its runs twice.
    importKey: text("import_key"),
    // Issue 36.3: the pre-registered plan (canonical JSON, src/domain/study/plan.ts) and the SHA-256 of
    // that text; saved at creation or before the first run, never changed after.
    plan: text("plan"),
    planSha256: text("plan_sha256"),
    // Issue 36.2: adaptive repeats, JSON {minRepeats, maxRepeats} (null: a fixed design), and the tasks
    // in the order they settled with their pass counts then (JSON [{taskId, aRuns, aPassed, bRuns, bPassed}]).
    adaptive: text("adaptive"),
    adaptiveSettled: text("adaptive_settled"),
  },
  (t) => [index("sessions_created").on(t.createdAt, t.id), index("sessions_import_key").on(t.importKey)],
);
