import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RUN_FACTS_INDEXES, TURN_FACT_FILTERS } from "../runFactsIndexes";

/**
 * Issue 22, ADR 10: one narrow row per run that has a current score, with every column the
 * analytics filter, group or sum on (the run's, its session's, its current score's, its turns'
 * sums and its trace's battery), so analytics read one table instead of joining runs, sessions and
 * scores row by row and paging through the scores' JSON. Derived, never the source of truth:
 * maintained by triggers in the same transaction as every write to the tables it reads
 * (db/runFacts.ts), and rebuilt from them by `npm run rebuild-summaries`. Column names are the
 * source tables' so a query reads the same either way.
 */
export const runFacts = sqliteTable(
  "run_facts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    trial: integer("trial", { mode: "boolean" }).notNull(),
    repeats: integer("repeats").notNull(),
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: integer("task_version").notNull(),
    taskGroup: text("task_group").notNull(),
    heldOut: integer("held_out", { mode: "boolean" }).notNull(),
    configId: text("config_id").notNull(),
    configVersion: integer("config_version").notNull(),
    repeat: integer("repeat").notNull(),
    attempt: integer("attempt").notNull(),
    deviceId: text("device_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: integer("received_at").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: integer("charging", { mode: "boolean" }),
    superseded: integer("superseded", { mode: "boolean" }).notNull(),
    contextWindow: integer("context_window").notNull(),
    toolsDropped: integer("tools_dropped", { mode: "boolean" }).notNull(),
    loadCachedTokens: integer("load_cached_tokens"),
    scoreId: integer("score_id").notNull(),
    passed: integer("passed", { mode: "boolean" }).notNull(),
    outcome: text("outcome").notNull(),
    endReason: text("end_reason").notNull(),
    looping: integer("looping", { mode: "boolean" }).notNull(),
    unscorable: text("unscorable"),
    repatches: integer("repatches").notNull(),
    milestonesTotal: integer("milestones_total").notNull(),
    toolCalls: integer("tool_calls").notNull(),
    failedToolCalls: integer("failed_tool_calls").notNull(),
    firstTtftMs: integer("first_ttft_ms"),
    loadMs: integer("load_ms").notNull(),
    startupTokens: integer("startup_tokens").notNull(),
    peakContextTokens: integer("peak_context_tokens").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    callPattern: text("call_pattern"),
    /** The score's `metrics.contextEvents` counts (0 when absent), for the proficiency view. */
    evOverflow: real("ev_overflow").notNull(),
    evElide: real("ev_elide").notNull(),
    evSummarize: real("ev_summarize").notNull(),
    evRecall: real("ev_recall").notNull(),
    /** Sums over the run's rows in `turns` (0 and 0 rows when it has none). */
    turnRows: integer("turn_rows").notNull(),
    turnPromptTokens: integer("turn_prompt_tokens").notNull(),
    turnTtftMs: integer("turn_ttft_ms").notNull(),
    turnDecodeMs: integer("turn_decode_ms").notNull(),
    turnOutputTokens: integer("turn_output_tokens").notNull(),
    /** The raw trace's `conditions.battery` when it is a number (imported runs have none). */
    battery: real("battery"),
    /**
     * Issue 22, ADR 11: the fit's power sums over the run's turns (Σ prompt², Σ prompt × TTFT,
     * Σ TTFT²), exact integers, so the TTFT fit sums runs instead of joining every turn.
     */
    turnPromptSq: integer("turn_prompt_sq").notNull().default(0),
    turnPromptTtft: integer("turn_prompt_ttft").notNull().default(0),
    turnTtftSq: integer("turn_ttft_sq").notNull().default(0),
  },
  (t) => [
    index("run_facts_session").on(t.sessionId, t.configId),
    ...Object.entries(RUN_FACTS_INDEXES).map(([name, cols]) => {
      const [first, ...rest] = cols.map((c) => t[c]);
      return index(name).on(first, ...rest);
    }),
  ],
);

/**
 * Issue 22, ADR 11: one row per turn of a run that has a `run_facts` row, with the turn's time
 * (TTFT + decode) and every column of its run that an analytics filter tests, so the median turn
 * time per config is a walk of one covering index (turn_facts_median) instead of a join of every
 * turn to its run. Derived like run_facts: triggers keep it (db/runFacts.ts), the rebuild refills it.
 */
export const turnFacts = sqliteTable(
  "turn_facts",
  {
    runId: text("run_id").notNull(),
    idx: integer("idx").notNull(),
    configId: text("config_id").notNull(),
    turnMs: integer("turn_ms").notNull(),
    trial: integer("trial", { mode: "boolean" }).notNull(),
    superseded: integer("superseded", { mode: "boolean" }).notNull(),
    unscorable: text("unscorable"),
    sessionId: text("session_id").notNull(),
    suiteId: text("suite_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    deviceId: text("device_id").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: integer("charging", { mode: "boolean" }),
    toolsDropped: integer("tools_dropped", { mode: "boolean" }).notNull(),
    taskId: text("task_id").notNull(),
    taskGroup: text("task_group").notNull(),
    outcome: text("outcome").notNull(),
    passed: integer("passed", { mode: "boolean" }).notNull(),
    looping: integer("looping", { mode: "boolean" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.idx] }),
    index("turn_facts_median").on(t.configId, t.turnMs, ...TURN_FACT_FILTERS.map((c) => t[c])),
  ],
);
