/**
 * Covering indexes of `run_facts` (issue 22, ADR 11), by property name, for db/tables/runFacts.ts.
 *
 * Each index leads with the columns its views group by, in that order, so an engine walks it in
 * group order (no sort of every row) and reads only the index (no row lookups): at 100k seeded runs
 * on SQLite the task grid's GROUP BY went from 170–250 ms to 32 ms, a median's value counts from
 * ~125 ms to 20 ms. Every column any analytics filter tests follows (`FILTERED`), so a filtered view
 * stays index-only: filters change which entries count, never the plan's shape or the numbers.
 */
const FILTERED = [
  "trial",
  "superseded",
  "unscorable",
  "sessionId",
  "suiteId",
  "buildCommit",
  "deviceId",
  "thermalAtStart",
  "charging",
  "toolsDropped",
] as const;

/** The columns a median reads after its value, so the same filters stay index-only. */
const CELL_FILTERS = ["taskId", "taskGroup", "outcome", "passed", "looping"] as const;

/** The columns of `turn_facts` copied from its run's `run_facts` row: every column a filter tests. */
export const TURN_FACT_FILTERS = [...FILTERED, ...CELL_FILTERS] as const;

export const RUN_FACTS_INDEXES = {
  /**
   * Counts per config × task × group × held-out × outcome and their sums: the configs table, the
   * task grid, outcomes, failure patterns, proficiency's counts, the family's cells, the config ids.
   */
  run_facts_cells: [
    "configId",
    "taskId",
    "taskGroup",
    "heldOut",
    "outcome",
    "passed",
    "looping",
    "callPattern",
    ...FILTERED,
    "toolCalls",
    "failedToolCalls",
    "peakContextTokens",
    "repeats",
    "repatches",
    "outputTokens",
    "turnPromptTokens",
    // The comparisons' selections (sides.ts) read session, task and repeat of two configs' runs:
    // with the repeat here they are a search of this index by config, reading nothing else.
    "repeat",
  ],
  /**
   * The TTFT fit's power sums per device × build (ttft.ts: the fit, the latency budget, the gate),
   * with the first run's time and the cold-load columns.
   */
  run_facts_fit: [
    "deviceId",
    "buildCommit",
    "receivedAt",
    "turnRows",
    "turnPromptTokens",
    "turnTtftMs",
    "turnPromptSq",
    "turnPromptTtft",
    "turnTtftSq",
    "startupTokens",
    "loadMs",
    "loadCachedTokens",
    ...FILTERED.filter((c) => c !== "deviceId" && c !== "buildCommit"),
    ...CELL_FILTERS,
    "configId",
  ],
  /** Value counts per config for the medians (medianByConfig): one index per per-run measure. */
  run_facts_startup: ["configId", "startupTokens", ...FILTERED, ...CELL_FILTERS],
  run_facts_load: ["configId", "loadMs", ...FILTERED, ...CELL_FILTERS],
  run_facts_first_ttft: ["configId", "firstTtftMs", ...FILTERED, ...CELL_FILTERS],
} as const;
