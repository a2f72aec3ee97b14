import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sessions } from "./sessions";

/**
 * One row per submitted trace: the identifying facts analytics filter on. The trace itself lives
 * in `traces` (immutable), its derived verdicts in `scores`.
 */
export const runs = sqliteTable(
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
    /** Copied from the task version the run ran, so analytics group without parsing documents. */
    taskGroup: text("task_group").notNull(),
    heldOut: integer("held_out", { mode: "boolean" }).notNull().default(false),
    configId: text("config_id").notNull(),
    configVersion: integer("config_version").notNull(),
    repeat: integer("repeat").notNull(),
    deviceId: text("device_id").notNull(),
    deviceModel: text("device_model").notNull(),
    buildCommit: text("build_commit").notNull(),
    model: text("model").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: integer("received_at").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: integer("charging", { mode: "boolean" }),
    superseded: integer("superseded", { mode: "boolean" }).notNull().default(false),
    contextWindow: integer("context_window").notNull(),
    /** v1.1 `toolsDropped`: the server's template left the tools out; such runs can be filtered out. */
    toolsDropped: integer("tools_dropped", { mode: "boolean" }).notNull().default(false),
    /** v1.1 `load.cachedTokens`: > 0 means load_ms is not a cold prefill, so the load fit leaves it out. */
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

/**
 * Per-turn timings copied out of the trace at ingest (derived, never edited): the TTFT fit reads
 * every turn, which must not mean parsing every trace.
 */
export const turns = sqliteTable(
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

/** The raw trace body exactly as the phone sent it. Never updated. */
export const traces = sqliteTable("traces", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.id),
  body: text("body").notNull(),
  bytes: integer("bytes").notNull(),
});

/** Derived verdicts. Rescoring adds a row and moves `current`; earlier scores are kept. */
export const scores = sqliteTable(
  "scores",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id),
    taskVersion: integer("task_version").notNull(),
    current: integer("current", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at").notNull(),
    passed: integer("passed", { mode: "boolean" }).notNull(),
    outcome: text("outcome").notNull(),
    outcomeReason: text("outcome_reason").notNull(),
    endReason: text("end_reason").notNull(),
    looping: integer("looping", { mode: "boolean" }).notNull(),
    repatches: integer("repatches").notNull(),
    milestonesReached: integer("milestones_reached").notNull(),
    milestonesTotal: integer("milestones_total").notNull(),
    toolCalls: integer("tool_calls").notNull(),
    failedToolCalls: integer("failed_tool_calls").notNull(),
    turnCount: integer("turn_count").notNull(),
    firstTtftMs: integer("first_ttft_ms"),
    medianTurnMs: real("median_turn_ms"),
    loadMs: integer("load_ms").notNull(),
    startupTokens: integer("startup_tokens").notNull(),
    peakContextTokens: integer("peak_context_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    checks: text("checks").notNull(),
    progress: text("progress").notNull(),
    metrics: text("metrics").notNull(),
    /**
     * The run's calls abstracted so repeats match (`cat <guessed path> ✗ → stop`), and each call's
     * ok flag as a JSON array: copied out of the trace at scoring so the failure and progress views
     * never parse traces. Null on scores written before these columns existed (rescore to fill).
     */
    callPattern: text("call_pattern"),
    callOk: text("call_ok"),
    /**
     * milestoneCalls[j]: the tool call (1-based) that first reached milestone j, null if none, as a
     * JSON array: the run page's milestone labels, judged by the scoring worker under its time limit
     * (issue 32). Null on imported runs and on scores written before the column (rescore to fill).
     */
    milestoneCalls: text("milestone_calls"),
    /**
     * Why the trace could not be scored (its scoring ran past the time limit, or the scorer could
     * not read it), null when it was. Such a score has `passed = false`, no checks and no progress;
     * analytics leave it out; rescoring tries again (docs/api.md, ADR 6).
     */
    unscorable: text("unscorable"),
  },
  (t) => [
    index("scores_run_current").on(t.runId, t.current),
    uniqueIndex("scores_one_current")
      .on(t.runId)
      .where(sql`current = 1`),
  ],
);
