/**
 * The analytics summaries' maintenance, written once (issue 33.2; ADR 10, 11, 12, 15): what each
 * column of `run_facts` and `turn_facts` is computed from, which writes change which rows, and the
 * change log's rules. db/facts/sqlite.ts renders it as SQLite triggers and db/facts/postgres.ts as
 * PostgreSQL functions and triggers; both are installed when a dashboard opens its database
 * (db/runFacts.ts, db/facts/pgInstall.ts), so a changed definition takes effect on the next boot and
 * a row computed by an older one is recomputed then. The tables themselves come from the schema and
 * its generated migrations. Expressions here are written over the aliases the renderers give:
 * `r` runs, `s` sessions, `sc` the current score, `f` a run's facts row, `t` a turn.
 */

/** Where a `run_facts` column's value comes from. */
export type Source =
  /** An expression over `r`, `s` and `sc` that reads the same on both engines. */
  | { kind: "row"; sql: string }
  /** A number at `path` inside a JSON text column (`doc`), 0 when absent. */
  | { kind: "json"; doc: string; path: string[] }
  /** The sum over the run's turns of the product of these `turns` columns; their count when none. */
  | { kind: "turns"; factors: string[] }
  /** The number at `path` in the run's raw trace (`traces.body`), NULL when absent or not a number. */
  | { kind: "trace"; path: string[] };

export interface FactColumn {
  name: string;
  source: Source;
}

const row = (alias: string, names: string): FactColumn[] =>
  names.split(/\s+/).map((name) => ({ name, source: { kind: "row", sql: `${alias}.${name}` } }));
const turns = (name: string, ...factors: string[]): FactColumn => ({ name, source: { kind: "turns", factors } });
const contextEvent = (kind: string): FactColumn => ({
  name: `ev_${kind}`,
  source: { kind: "json", doc: "sc.metrics", path: ["contextEvents", kind] },
});

/**
 * One row per run with a current score (ADR 10), in the order SQLite's triggers have always listed
 * them; PostgreSQL's functions follow the table's own column order, whatever this one is.
 */
export const RUN_FACTS: FactColumn[] = [
  ...row("r", "id session_id"),
  ...row("s", "trial repeats suite_id"),
  ...row(
    "r",
    `task_id task_version task_group held_out config_id config_version repeat attempt device_id build_commit started_at
     received_at thermal_at_start charging superseded context_window tools_dropped load_cached_tokens`.trim(),
  ),
  { name: "score_id", source: { kind: "row", sql: "sc.id" } },
  ...row(
    "sc",
    `passed outcome end_reason looping unscorable repatches milestones_total tool_calls failed_tool_calls first_ttft_ms
     load_ms startup_tokens peak_context_tokens output_tokens call_pattern`.trim(),
  ),
  ...["overflow", "elide", "summarize", "recall"].map(contextEvent),
  turns("turn_rows"),
  turns("turn_prompt_tokens", "prompt_tokens"),
  turns("turn_ttft_ms", "ttft_ms"),
  turns("turn_decode_ms", "decode_ms"),
  turns("turn_output_tokens", "output_tokens"),
  { name: "battery", source: { kind: "trace", path: ["conditions", "battery"] } },
  // The TTFT fit's power sums (ADR 11): exact integers, so the fit sums runs instead of turns.
  turns("turn_prompt_sq", "prompt_tokens", "prompt_tokens"),
  turns("turn_prompt_ttft", "prompt_tokens", "ttft_ms"),
  turns("turn_ttft_sq", "ttft_ms", "ttft_ms"),
  // Issue 34.2: throttling groups by the token, and a selection notes runs whose phone id changed since the poll.
  ...row("r", "token_device_id device_mismatch"),
];

/**
 * One row per turn of a run that has a `run_facts` row (ADR 11): the turn's time and every column
 * of its run that an analytics filter tests, copied from the run's row (`f`).
 */
export const TURN_FACTS: { name: string; sql: string }[] = [
  { name: "run_id", sql: "f.id" },
  { name: "idx", sql: "t.idx" },
  { name: "config_id", sql: "f.config_id" },
  { name: "turn_ms", sql: "t.ttft_ms + t.decode_ms" },
  ...`trial superseded unscorable session_id suite_id build_commit device_id thermal_at_start charging tools_dropped
      task_id task_group outcome passed looping`
    .split(/\s+/)
    .map((name) => ({ name, sql: `f.${name}` })),
];

export const FACTS_LOG = {
  /** The run id of a rebuild's one entry: every run may have changed. */
  reset: "*",
  /** Every `pruneEvery`th entry drops those more than `keep` older: a mirror that far behind reloads. */
  pruneEvery: 4096,
  keep: 65_536,
  /** PostgreSQL: the transaction-local setting that holds the log rules back during a rebuild. */
  offSetting: "harness_lab.facts_log_off",
} as const;

/** A condition on a trigger's OLD and NEW rows; booleans and "changed" are spelled per engine. */
export type Cond = { is: string } | { not: string } | { changed: string } | { all: Cond[] } | { sql: string };

/** What a trigger does. `NEW` and `OLD` are the row of the write that fired it. */
export type Action =
  /** Recompute the run's `run_facts` row (its turns' rows follow: `writeTurnsOfRun`). */
  | { do: "writeRun"; run: string; if?: Cond }
  | { do: "deleteRun"; run: string; if?: Cond }
  /** Add the NEW turn to its run's `turns` sums. */
  | { do: "addTurn" }
  /** Set the run's `trace` columns from the NEW trace. */
  | { do: "setTrace" }
  /** Copy the NEW session's `column` into its runs' rows and their turns' rows. */
  | { do: "copySession"; column: string }
  /** The NEW `run_facts` row's turns into `turn_facts`, or the OLD one's out of it. */
  | { do: "writeTurnsOfRun" }
  | { do: "deleteTurnsOfRun" }
  /** The NEW turn's row in `turn_facts`, when its run has a `run_facts` row. */
  | { do: "writeTurn" }
  /** A `facts_log` entry naming the run (ADR 12). */
  | { do: "log"; run: string }
  /** Drop the log's entries more than FACTS_LOG.keep older than the NEW one. */
  | { do: "prune" };

export interface Rule {
  /** The trigger's name (and on PostgreSQL its function's). */
  name: string;
  on: "scores" | "turns" | "traces" | "sessions" | "run_facts" | "facts_log";
  event: "INSERT" | "DELETE" | "UPDATE" | `UPDATE OF ${string}`;
  when?: Cond;
  /** A change-log rule: off while a rebuild writes every row (it logs one reset entry instead). */
  log?: true;
  actions: Action[];
}

/**
 * Which writes change which rows. Every write that changes an input of a run's row fires one of
 * these inside its own transaction: a trigger, not a call in each service, so that no write path
 * (ingest, rescoring, import, a CLI, one not written yet) can leave the summaries behind.
 */
export const RULES: Rule[] = [
  // A score stored as current writes its run's row; rescoring retires the old one, then inserts.
  {
    name: "run_facts_score_in",
    on: "scores",
    event: "INSERT",
    when: { is: "NEW.current" },
    actions: [{ do: "writeRun", run: "NEW.run_id" }],
  },
  {
    name: "run_facts_score_current",
    on: "scores",
    event: "UPDATE OF current",
    actions: [
      { do: "deleteRun", run: "NEW.run_id", if: { all: [{ is: "OLD.current" }, { not: "NEW.current" }] } },
      { do: "writeRun", run: "NEW.run_id", if: { is: "NEW.current" } },
    ],
  },
  // Turns and traces written after their run's score (ingest writes them before: the score's row sums them).
  { name: "run_facts_turn_in", on: "turns", event: "INSERT", actions: [{ do: "addTurn" }] },
  { name: "run_facts_trace_in", on: "traces", event: "INSERT", actions: [{ do: "setTrace" }] },
  {
    name: "run_facts_session_trial",
    on: "sessions",
    event: "UPDATE OF trial",
    when: { changed: "trial" },
    actions: [{ do: "copySession", column: "trial" }],
  },
  // turn_facts follows run_facts: a run's row written or removed, a turn written later.
  { name: "run_facts_turns_of_run", on: "run_facts", event: "INSERT", actions: [{ do: "writeTurnsOfRun" }] },
  { name: "run_facts_turns_gone", on: "run_facts", event: "DELETE", actions: [{ do: "deleteTurnsOfRun" }] },
  { name: "run_facts_turn_fact", on: "turns", event: "INSERT", actions: [{ do: "writeTurn" }] },
  // The change log the columnar mirror follows (ADR 12): every write of a run's row names the run;
  // turn_facts and that run's turns only change with it.
  { name: "facts_log_in", on: "run_facts", event: "INSERT", log: true, actions: [{ do: "log", run: "NEW.id" }] },
  { name: "facts_log_up", on: "run_facts", event: "UPDATE", log: true, actions: [{ do: "log", run: "NEW.id" }] },
  { name: "facts_log_del", on: "run_facts", event: "DELETE", log: true, actions: [{ do: "log", run: "OLD.id" }] },
  // Kept short (FACTS_LOG.pruneEvery, .keep).
  {
    name: "facts_log_prune",
    on: "facts_log",
    event: "INSERT",
    when: { sql: `NEW.seq % ${FACTS_LOG.pruneEvery} = 0` },
    actions: [{ do: "prune" }],
  },
];

/** The names of the triggers (and PostgreSQL trigger functions) the install owns, to replace or drop. */
export const OWNED = /^(run_facts|turn_facts|facts_log)_/;
