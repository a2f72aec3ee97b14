import { bigint, index, int, table, text } from "./vocabulary";
import { sessions } from "./sessions";
import { devices } from "./devices";

/**
 * One task × config × repeat of a session. `attempt` is the attempt the current (or next) lease
 * is for; `leaseTokenHash` names the live lease while the job is leased.
 */
export const jobs = table(
  "jobs",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id),
    position: int("position").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: int("task_version").notNull(),
    configId: text("config_id").notNull(),
    configVersion: int("config_version").notNull(),
    repeat: int("repeat").notNull(),
    state: text("state").notNull(),
    attempt: int("attempt").notNull().default(1),
    leaseTokenHash: text("lease_token_hash"),
    leaseExpiresAt: bigint("lease_expires_at"),
    leasedBy: text("leased_by").references(() => devices.id),
    failureReason: text("failure_reason"),
    failureDetail: text("failure_detail"),
    runId: text("run_id"),
    updatedAt: bigint("updated_at").notNull(),
    // Issue 36.2: why an adaptive session queued this job ("minimum", "repeats_disagree", "discordant"); null otherwise.
    queueReason: text("queue_reason"),
  },
  (t) => [
    index("jobs_claim").on(t.state, t.sessionId, t.position),
    index("jobs_session_state").on(t.sessionId, t.state),
    index("jobs_expiry").on(t.state, t.leaseExpiresAt),
  ],
);

/** Every lease ever issued, so a late or repeated result can be recognised by its token. */
export const leases = table(
  "leases",
  {
    tokenHash: text("token_hash").primaryKey(),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id),
    attempt: int("attempt").notNull(),
    deviceId: text("device_id")
      .notNull()
      .references(() => devices.id),
    issuedAt: bigint("issued_at").notNull(),
    /** The `device.id` the poll that took this lease reported (issue 34.2); null for leases before it was kept. */
    reportedDeviceId: text("reported_device_id"),
  },
  (t) => [index("leases_job").on(t.jobId)],
);
