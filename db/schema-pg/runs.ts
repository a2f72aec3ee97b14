import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sessions } from "./sessions";

/** PostgreSQL twins of db/schema/runs.ts. */
export const runs = pgTable(
  "runs",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id"),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id),
    leaseTokenHash: text("lease_token_hash"),
    attempt: integer("attempt").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: integer("task_version").notNull(),
    taskGroup: text("task_group").notNull(),
    heldOut: boolean("held_out").notNull().default(false),
    configId: text("config_id").notNull(),
    configVersion: integer("config_version").notNull(),
    repeat: integer("repeat").notNull(),
    deviceId: text("device_id").notNull(),
    deviceModel: text("device_model").notNull(),
    buildCommit: text("build_commit").notNull(),
    model: text("model").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: bigint("received_at", { mode: "number" }).notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: boolean("charging"),
    superseded: boolean("superseded").notNull().default(false),
    contextWindow: integer("context_window").notNull(),
    toolsDropped: boolean("tools_dropped").notNull().default(false),
    loadCachedTokens: integer("load_cached_tokens"),
  },
  (t) => [
    uniqueIndex("runs_lease_token").on(t.leaseTokenHash),
    index("runs_session").on(t.sessionId, t.superseded, t.configId),
    index("runs_job").on(t.jobId),
    // The filter bar's option lists (filterOptions): each a walk of one small index in order (issue 22).
    index("runs_build").on(t.buildCommit),
    index("runs_device").on(t.deviceId),
    index("runs_task").on(t.taskId),
    index("runs_config").on(t.configId),
  ],
);

export const turns = pgTable(
  "turns",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id),
    idx: integer("idx").notNull(),
    promptTokens: integer("prompt_tokens").notNull(),
    contextTokens: integer("context_tokens").notNull(),
    ttftMs: integer("ttft_ms").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    decodeMs: integer("decode_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.idx] })],
);

export const traces = pgTable("traces", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.id),
  body: text("body").notNull(),
  bytes: integer("bytes").notNull(),
});

export const scores = pgTable(
  "scores",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id),
    taskVersion: integer("task_version").notNull(),
    current: boolean("current").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    passed: boolean("passed").notNull(),
    outcome: text("outcome").notNull(),
    outcomeReason: text("outcome_reason").notNull(),
    endReason: text("end_reason").notNull(),
    looping: boolean("looping").notNull(),
    repatches: integer("repatches").notNull(),
    milestonesReached: integer("milestones_reached").notNull(),
    milestonesTotal: integer("milestones_total").notNull(),
    toolCalls: integer("tool_calls").notNull(),
    failedToolCalls: integer("failed_tool_calls").notNull(),
    turnCount: integer("turn_count").notNull(),
    firstTtftMs: integer("first_ttft_ms"),
    medianTurnMs: doublePrecision("median_turn_ms"),
    loadMs: integer("load_ms").notNull(),
    startupTokens: integer("startup_tokens").notNull(),
    peakContextTokens: integer("peak_context_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    checks: text("checks").notNull(),
    progress: text("progress").notNull(),
    metrics: text("metrics").notNull(),
    callPattern: text("call_pattern"),
    callOk: text("call_ok"),
    /**
     * milestoneCalls[j]: the tool call (1-based) that first reached milestone j, null if none, as a
     * JSON array: the run page's milestone labels, judged by the scoring worker under its time limit
     * (issue 32). Null on imported runs and on scores written before the column (rescore to fill).
     */
    milestoneCalls: text("milestone_calls"),
    unscorable: text("unscorable"),
  },
  (t) => [
    index("scores_run_current").on(t.runId, t.current),
    uniqueIndex("scores_one_current")
      .on(t.runId)
      .where(sql`current`),
  ],
);
