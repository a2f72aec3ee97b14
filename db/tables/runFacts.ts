import { bigint, bool, index, int, primaryKey, real, table, text, uniqueIndex } from "./vocabulary";
import { RUN_FACTS_INDEXES, TURN_FACT_FILTERS } from "../runFactsIndexes";

/**
 * Issue 22, ADR 10: one narrow row per run that has a current score, with every column the
 * analytics filter, group or sum on (the run's, its session's, its current score's, its turns'
 * sums and its trace's battery), so analytics read one table instead of joining runs, sessions and
 * scores row by row and paging through the scores' JSON. Derived, never the source of truth:
 * maintained by triggers in the same transaction as every write to the tables it reads (rendered
 * for both engines from db/facts/definition.ts, ADR 17), and
 * rebuilt from them by `npm run rebuild-summaries`. Column names are the source tables' so a query
 * reads the same either way.
 */
export const runFacts = table(
  "run_facts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    trial: bool("trial").notNull(),
    repeats: int("repeats").notNull(),
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: int("task_version").notNull(),
    taskGroup: text("task_group").notNull(),
    heldOut: bool("held_out").notNull(),
    configId: text("config_id").notNull(),
    configVersion: int("config_version").notNull(),
    repeat: int("repeat").notNull(),
    attempt: int("attempt").notNull(),
    deviceId: text("device_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: bigint("received_at").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: bool("charging"),
    superseded: bool("superseded").notNull(),
    contextWindow: int("context_window").notNull(),
    toolsDropped: bool("tools_dropped").notNull(),
    loadCachedTokens: int("load_cached_tokens"),
    scoreId: int("score_id").notNull(),
    passed: bool("passed").notNull(),
    outcome: text("outcome").notNull(),
    endReason: text("end_reason").notNull(),
    looping: bool("looping").notNull(),
    unscorable: text("unscorable"),
    repatches: int("repatches").notNull(),
    milestonesTotal: int("milestones_total").notNull(),
    toolCalls: int("tool_calls").notNull(),
    failedToolCalls: int("failed_tool_calls").notNull(),
    firstTtftMs: int("first_ttft_ms"),
    loadMs: int("load_ms").notNull(),
    startupTokens: int("startup_tokens").notNull(),
    peakContextTokens: int("peak_context_tokens").notNull(),
    outputTokens: int("output_tokens").notNull(),
    callPattern: text("call_pattern"),
    /** The score's `metrics.contextEvents` counts (0 when absent), for the proficiency view. */
    evOverflow: real("ev_overflow").notNull(),
    evElide: real("ev_elide").notNull(),
    evSummarize: real("ev_summarize").notNull(),
    evRecall: real("ev_recall").notNull(),
    /** Sums over the run's rows in `turns` (0 and 0 rows when it has none). */
    turnRows: int("turn_rows").notNull(),
    turnPromptTokens: bigint("turn_prompt_tokens").notNull(),
    turnTtftMs: bigint("turn_ttft_ms").notNull(),
    turnDecodeMs: bigint("turn_decode_ms").notNull(),
    turnOutputTokens: bigint("turn_output_tokens").notNull(),
    /** The raw trace's `conditions.battery` when it is a number (imported runs have none). */
    battery: real("battery"),
    /**
     * Issue 22, ADR 11: the fit's power sums over the run's turns (Σ prompt², Σ prompt × TTFT,
     * Σ TTFT²), exact integers, so the TTFT fit sums runs instead of joining every turn.
     */
    turnPromptSq: bigint("turn_prompt_sq").notNull().default(0),
    turnPromptTtft: bigint("turn_prompt_ttft").notNull().default(0),
    turnTtftSq: bigint("turn_ttft_sq").notNull().default(0),
    /** Issue 34.2: the token the run came in on (null when imported) and whether its phone's id changed since the poll. */
    tokenDeviceId: text("token_device_id"),
    deviceMismatch: bool("device_mismatch").notNull().default(false),
  },
  (t) => [
    index("run_facts_session").on(t.sessionId, t.configId),
    ...Object.entries(RUN_FACTS_INDEXES).map(([name, cols]) => index(name).on(...cols.map((c) => t[c]))),
  ],
);

/**
 * Issue 22, ADR 11: one row per turn of a run that has a `run_facts` row, with the turn's time
 * (TTFT + decode) and every column of its run that an analytics filter tests, so the median turn
 * time per config is a walk of one covering index (turn_facts_median) instead of a join of every
 * turn to its run. Derived like run_facts: triggers keep it (db/facts/definition.ts), the rebuild
 * refills it.
 *
 * The engines store it differently (ADR 21). PostgreSQL: a heap keyed by (run, index) and the
 * covering index `turn_facts_median` beside it. SQLite: the rows themselves kept in the median's
 * order, a b-tree on (config, turn time, run, index) without a rowid, so the walk reads the table
 * and no copy of every row; (run, index) stays unique through `turn_facts_run`, which the triggers'
 * INSERT OR REPLACE and their deletes by run use.
 */
export const turnFacts = table(
  "turn_facts",
  {
    runId: text("run_id").notNull(),
    idx: int("idx").notNull(),
    configId: text("config_id").notNull(),
    turnMs: int("turn_ms").notNull(),
    trial: bool("trial").notNull(),
    superseded: bool("superseded").notNull(),
    unscorable: text("unscorable"),
    sessionId: text("session_id").notNull(),
    suiteId: text("suite_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    deviceId: text("device_id").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: bool("charging"),
    toolsDropped: bool("tools_dropped").notNull(),
    taskId: text("task_id").notNull(),
    taskGroup: text("task_group").notNull(),
    outcome: text("outcome").notNull(),
    passed: bool("passed").notNull(),
    looping: bool("looping").notNull(),
  },
  (t) => [
    primaryKey(t.runId, t.idx).only("postgres"),
    index("turn_facts_median")
      .on(t.configId, t.turnMs, ...TURN_FACT_FILTERS.map((c) => t[c]))
      .only("postgres"),
    primaryKey(t.configId, t.turnMs, t.runId, t.idx).only("sqlite"),
    uniqueIndex("turn_facts_run").on(t.runId, t.idx).only("sqlite"),
  ],
  { withoutRowid: true },
);
