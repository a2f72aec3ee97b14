import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sessions } from "./sessions";
import { devices } from "./devices";

/**
 * One task × config × repeat of a session. `attempt` is the attempt the current (or next) lease
 * is for; `leaseTokenHash` names the live lease while the job is leased.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id),
    position: integer("position").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: integer("task_version").notNull(),
    configId: text("config_id").notNull(),
    configVersion: integer("config_version").notNull(),
    repeat: integer("repeat").notNull(),
    state: text("state").notNull(),
    attempt: integer("attempt").notNull().default(1),
    leaseTokenHash: text("lease_token_hash"),
    leaseExpiresAt: integer("lease_expires_at"),
    leasedBy: text("leased_by").references(() => devices.id),
    failureReason: text("failure_reason"),
    failureDetail: text("failure_detail"),
    runId: text("run_id"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("jobs_claim").on(t.state, t.sessionId, t.position),
    index("jobs_session_state").on(t.sessionId, t.state),
    index("jobs_expiry").on(t.state, t.leaseExpiresAt),
  ],
);

/** Every lease ever issued, so a late or repeated result can be recognised by its token. */
export const leases = sqliteTable(
  "leases",
  {
    tokenHash: text("token_hash").primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id),
    attempt: integer("attempt").notNull(),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id),
    issuedAt: integer("issued_at").notNull(),
  },
  (t) => [index("leases_job").on(t.jobId)],
);
