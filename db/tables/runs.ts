import { autoId, bigint, bool, index, int, primaryKey, real, table, text, uniqueIndex } from "./vocabulary";
import { sessions } from "./sessions";

/**
 * One row per submitted trace: the identifying facts analytics filter on. The trace itself lives
 * in `traces` (immutable), its derived verdicts in `scores`.
 */
export const runs = table(
  "runs",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id"),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id),
    leaseTokenHash: text("lease_token_hash"),
    attempt: int("attempt").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: int("task_version").notNull(),
    /** Copied from the task version the run ran, so analytics group without parsing documents. */
    taskGroup: text("task_group").notNull(),
    heldOut: bool("held_out").notNull().default(false),
    configId: text("config_id").notNull(),
    configVersion: int("config_version").notNull(),
    repeat: int("repeat").notNull(),
    deviceId: text("device_id").notNull(),
    deviceModel: text("device_model").notNull(),
    buildCommit: text("build_commit").notNull(),
    model: text("model").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: bigint("received_at").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: bool("charging"),
    superseded: bool("superseded").notNull().default(false),
    contextWindow: int("context_window").notNull(),
    /** v1.1 `toolsDropped`: the server's template left the tools out; such runs can be filtered out. */
    toolsDropped: bool("tools_dropped").notNull().default(false),
    /** v1.1 `load.cachedTokens`: > 0 means load_ms is not a cold prefill, so the load fit leaves it out. */
    loadCachedTokens: int("load_cached_tokens"),
    /**
     * The paired token (devices.id) whose lease the result came in on; `device_id` is what the phone
     * reported. Null for imported runs. Issue 34.2: pages name a run's phone by its token.
     */
    tokenDeviceId: text("token_device_id"),
    /** The trace's `device.id` differs from the one its lease's poll reported (stored and flagged, issue 34.2). */
    deviceMismatch: bool("device_mismatch").notNull().default(false),
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
 * every turn, which must not mean parsing every trace. Without a rowid on SQLite: the rows are the
 * key's b-tree, with no copy of (run id, index) beside them (ADR 21).
 */
export const turns = table(
  "turns",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id),
    idx: int("idx").notNull(),
    promptTokens: int("prompt_tokens").notNull(),
    contextTokens: int("context_tokens").notNull(),
    ttftMs: int("ttft_ms").notNull(),
    outputTokens: int("output_tokens").notNull(),
    decodeMs: int("decode_ms").notNull(),
  },
  (t) => [primaryKey(t.runId, t.idx)],
  { withoutRowid: true },
);

/** The raw trace body exactly as the phone sent it. Never updated. */
export const traces = table("traces", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.id),
  body: text("body").notNull(),
  bytes: int("bytes").notNull(),
});

/** Derived verdicts. Rescoring adds a row and moves `current`; earlier scores are kept. */
export const scores = table(
  "scores",
  {
    id: autoId("id"),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id),
    taskVersion: int("task_version").notNull(),
    current: bool("current").notNull(),
    createdAt: bigint("created_at").notNull(),
    passed: bool("passed").notNull(),
    outcome: text("outcome").notNull(),
    outcomeReason: text("outcome_reason").notNull(),
    endReason: text("end_reason").notNull(),
    looping: bool("looping").notNull(),
    repatches: int("repatches").notNull(),
    milestonesReached: int("milestones_reached").notNull(),
    milestonesTotal: int("milestones_total").notNull(),
    toolCalls: int("tool_calls").notNull(),
    failedToolCalls: int("failed_tool_calls").notNull(),
    turnCount: int("turn_count").notNull(),
    firstTtftMs: int("first_ttft_ms"),
    medianTurnMs: real("median_turn_ms"),
    loadMs: int("load_ms").notNull(),
    startupTokens: int("startup_tokens").notNull(),
    peakContextTokens: int("peak_context_tokens").notNull(),
    outputTokens: int("output_tokens").notNull(),
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
    uniqueIndex("scores_one_current").on(t.runId).where(t.current),
  ],
);
