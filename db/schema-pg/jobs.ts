import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { devices } from "./devices";
import { sessions } from "./sessions";

/** PostgreSQL twins of db/schema/jobs.ts. */
export const jobs = pgTable(
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
    leaseExpiresAt: bigint("lease_expires_at", { mode: "number" }),
    leasedBy: text("leased_by").references(() => devices.id),
    failureReason: text("failure_reason"),
    failureDetail: text("failure_detail"),
    runId: text("run_id"),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
  },
  (t) => [
    index("jobs_claim").on(t.state, t.sessionId, t.position),
    index("jobs_session_state").on(t.sessionId, t.state),
    index("jobs_expiry").on(t.state, t.leaseExpiresAt),
  ],
);

export const leases = pgTable(
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
    issuedAt: bigint("issued_at", { mode: "number" }).notNull(),
  },
  (t) => [index("leases_job").on(t.jobId)],
);
