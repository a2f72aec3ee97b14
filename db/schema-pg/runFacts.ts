import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { RUN_FACTS_INDEXES, TURN_FACT_FILTERS } from "../runFactsIndexes";

/**
 * PostgreSQL twin of db/schema/runFacts.ts. Only the table: the PL/pgSQL triggers that maintain
 * it are the custom migration db/migrations-pg/0002_run-facts-triggers.sql (ADR 10).
 */
export const runFacts = pgTable(
  "run_facts",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id").notNull(),
    trial: boolean("trial").notNull(),
    repeats: integer("repeats").notNull(),
    suiteId: text("suite_id").notNull(),
    taskId: text("task_id").notNull(),
    taskVersion: integer("task_version").notNull(),
    taskGroup: text("task_group").notNull(),
    heldOut: boolean("held_out").notNull(),
    configId: text("config_id").notNull(),
    configVersion: integer("config_version").notNull(),
    repeat: integer("repeat").notNull(),
    attempt: integer("attempt").notNull(),
    deviceId: text("device_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    startedAt: text("started_at").notNull(),
    receivedAt: bigint("received_at", { mode: "number" }).notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: boolean("charging"),
    superseded: boolean("superseded").notNull(),
    contextWindow: integer("context_window").notNull(),
    toolsDropped: boolean("tools_dropped").notNull(),
    loadCachedTokens: integer("load_cached_tokens"),
    scoreId: integer("score_id").notNull(),
    passed: boolean("passed").notNull(),
    outcome: text("outcome").notNull(),
    endReason: text("end_reason").notNull(),
    looping: boolean("looping").notNull(),
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
    evOverflow: doublePrecision("ev_overflow").notNull(),
    evElide: doublePrecision("ev_elide").notNull(),
    evSummarize: doublePrecision("ev_summarize").notNull(),
    evRecall: doublePrecision("ev_recall").notNull(),
    turnRows: integer("turn_rows").notNull(),
    turnPromptTokens: bigint("turn_prompt_tokens", { mode: "number" }).notNull(),
    turnTtftMs: bigint("turn_ttft_ms", { mode: "number" }).notNull(),
    turnDecodeMs: bigint("turn_decode_ms", { mode: "number" }).notNull(),
    turnOutputTokens: bigint("turn_output_tokens", { mode: "number" }).notNull(),
    battery: doublePrecision("battery"),
    turnPromptSq: bigint("turn_prompt_sq", { mode: "number" }).notNull().default(0),
    turnPromptTtft: bigint("turn_prompt_ttft", { mode: "number" }).notNull().default(0),
    turnTtftSq: bigint("turn_ttft_sq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    index("run_facts_session").on(t.sessionId, t.configId),
    ...Object.entries(RUN_FACTS_INDEXES).map(([name, cols]) => {
      const [first, ...rest] = cols.map((c) => t[c]);
      return index(name).on(first, ...rest);
    }),
  ],
);

/** PostgreSQL twin of db/schema/runFacts.ts's turn_facts (ADR 11); its triggers are db/migrations-pg/0008. */
export const turnFacts = pgTable(
  "turn_facts",
  {
    runId: text("run_id").notNull(),
    idx: integer("idx").notNull(),
    configId: text("config_id").notNull(),
    turnMs: integer("turn_ms").notNull(),
    trial: boolean("trial").notNull(),
    superseded: boolean("superseded").notNull(),
    unscorable: text("unscorable"),
    sessionId: text("session_id").notNull(),
    suiteId: text("suite_id").notNull(),
    buildCommit: text("build_commit").notNull(),
    deviceId: text("device_id").notNull(),
    thermalAtStart: text("thermal_at_start"),
    charging: boolean("charging"),
    toolsDropped: boolean("tools_dropped").notNull(),
    taskId: text("task_id").notNull(),
    taskGroup: text("task_group").notNull(),
    outcome: text("outcome").notNull(),
    passed: boolean("passed").notNull(),
    looping: boolean("looping").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.idx] }),
    index("turn_facts_median").on(t.configId, t.turnMs, ...TURN_FACT_FILTERS.map((c) => t[c])),
  ],
);
