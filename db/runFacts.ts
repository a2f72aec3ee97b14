import type Database from "better-sqlite3";

/**
 * How `run_facts` (db/schema/runFacts.ts, ADR 10) is kept equal to the tables it summarises: one
 * SELECT computes a run's row from runs, sessions, its current score, its turns and its trace, and
 * triggers run it (or add one turn) inside the transaction of every write that changes an input:
 * a score inserted or retired (ingest, rescoring, rebuildDerived, import), turns or a trace
 * inserted, a session's trial flag changed. A trigger, not a call in each service, so that no write
 * path (present or future, in this process or a CLI) can leave the summary behind.
 */
const ev = (kind: string) => `COALESCE(json_extract(sc.metrics, '$.contextEvents.${kind}'), 0)`;

export const RUN_FACTS_COLUMNS = `id, session_id, trial, repeats, suite_id, task_id, task_version, task_group, held_out,
  config_id, config_version, repeat, attempt, device_id, build_commit, started_at, received_at, thermal_at_start, charging,
  superseded, context_window, tools_dropped, load_cached_tokens, score_id, passed, outcome, end_reason, looping, unscorable,
  repatches, milestones_total, tool_calls, failed_tool_calls, first_ttft_ms, load_ms, startup_tokens, peak_context_tokens,
  output_tokens, call_pattern, ev_overflow, ev_elide, ev_summarize, ev_recall, turn_rows, turn_prompt_tokens, turn_ttft_ms,
  turn_decode_ms, turn_output_tokens, battery, turn_prompt_sq, turn_prompt_ttft, turn_ttft_sq`;

/**
 * The facts of the runs whose current score `scoreWhere` selects (over `scores sc`): the full
 * recomputation. `turnsWhere` narrows the turns summed (over `turns`, unaliased) to those runs'
 * turns, so that a few runs' rows do not sum every turn in the database.
 */
export function runFactsSelect(scoreWhere: string, turnsWhere = "1"): string {
  return `SELECT r.id, r.session_id, s.trial, s.repeats, s.suite_id, r.task_id, r.task_version, r.task_group, r.held_out,
       r.config_id, r.config_version, r.repeat, r.attempt, r.device_id, r.build_commit, r.started_at, r.received_at,
       r.thermal_at_start, r.charging, r.superseded, r.context_window, r.tools_dropped, r.load_cached_tokens,
       sc.id, sc.passed, sc.outcome, sc.end_reason, sc.looping, sc.unscorable, sc.repatches, sc.milestones_total,
       sc.tool_calls, sc.failed_tool_calls, sc.first_ttft_ms, sc.load_ms, sc.startup_tokens, sc.peak_context_tokens,
       sc.output_tokens, sc.call_pattern, ${ev("overflow")}, ${ev("elide")}, ${ev("summarize")}, ${ev("recall")},
       COALESCE(t.n, 0), COALESCE(t.prompt, 0), COALESCE(t.ttft, 0), COALESCE(t.decode, 0), COALESCE(t.output, 0),
       (SELECT CASE WHEN json_type(tr.body, '$.conditions.battery') IN ('integer', 'real')
                    THEN json_extract(tr.body, '$.conditions.battery') END FROM traces tr WHERE tr.run_id = r.id),
       COALESCE(t.psq, 0), COALESCE(t.pt, 0), COALESCE(t.tsq, 0)
  FROM scores sc JOIN runs r ON r.id = sc.run_id JOIN sessions s ON s.id = r.session_id
  LEFT JOIN (SELECT run_id, COUNT(*) AS n, SUM(prompt_tokens) AS prompt, SUM(ttft_ms) AS ttft, SUM(decode_ms) AS decode,
                    SUM(output_tokens) AS output, SUM(prompt_tokens * prompt_tokens) AS psq,
                    SUM(prompt_tokens * ttft_ms) AS pt, SUM(ttft_ms * ttft_ms) AS tsq FROM turns WHERE ${turnsWhere}
              GROUP BY run_id) t ON t.run_id = r.id
 WHERE sc.current = 1 AND (${scoreWhere})`;
}

/** One run's row, for the triggers: the turns' sums of that run only (not a GROUP BY over all turns). */
const oneRun = (runIdSql: string) => runFactsSelect(`sc.run_id = ${runIdSql}`, `run_id = ${runIdSql}`);

export const TURN_FACTS_COLUMNS = `run_id, idx, config_id, turn_ms, trial, superseded, unscorable, session_id, suite_id,
  build_commit, device_id, thermal_at_start, charging, tools_dropped, task_id, task_group, outcome, passed, looping`;

/**
 * turn_facts' rows (ADR 11): each turn of the runs in `facts` (run_facts, or a recomputation of
 * it, aliased f) with its time and its run's filter columns.
 */
export function turnFactsSelect(facts: string, where = "1"): string {
  return `SELECT f.id, t.idx, f.config_id, t.ttft_ms + t.decode_ms, f.trial, f.superseded, f.unscorable, f.session_id,
       f.suite_id, f.build_commit, f.device_id, f.thermal_at_start, f.charging, f.tools_dropped, f.task_id, f.task_group,
       f.outcome, f.passed, f.looping
  FROM ${facts} f JOIN turns t ON t.run_id = f.id WHERE ${where}`;
}

const TRIGGERS: [name: string, sql: string][] = [
  [
    "run_facts_score_in",
    `AFTER INSERT ON scores WHEN NEW.current = 1 BEGIN
       INSERT OR REPLACE INTO run_facts (${RUN_FACTS_COLUMNS}) ${oneRun("NEW.run_id")};
     END`,
  ],
  [
    "run_facts_score_current",
    `AFTER UPDATE OF current ON scores BEGIN
       DELETE FROM run_facts WHERE id = NEW.run_id AND OLD.current = 1 AND NEW.current = 0;
       INSERT OR REPLACE INTO run_facts (${RUN_FACTS_COLUMNS}) SELECT * FROM (${oneRun("NEW.run_id")}) WHERE NEW.current = 1;
     END`,
  ],
  [
    "run_facts_turn_in",
    `AFTER INSERT ON turns BEGIN
       UPDATE run_facts SET turn_rows = turn_rows + 1, turn_prompt_tokens = turn_prompt_tokens + NEW.prompt_tokens,
              turn_ttft_ms = turn_ttft_ms + NEW.ttft_ms, turn_decode_ms = turn_decode_ms + NEW.decode_ms,
              turn_output_tokens = turn_output_tokens + NEW.output_tokens,
              turn_prompt_sq = turn_prompt_sq + NEW.prompt_tokens * NEW.prompt_tokens,
              turn_prompt_ttft = turn_prompt_ttft + NEW.prompt_tokens * NEW.ttft_ms,
              turn_ttft_sq = turn_ttft_sq + NEW.ttft_ms * NEW.ttft_ms
        WHERE id = NEW.run_id;
     END`,
  ],
  [
    "run_facts_trace_in",
    `AFTER INSERT ON traces BEGIN
       UPDATE run_facts SET battery = CASE WHEN json_type(NEW.body, '$.conditions.battery') IN ('integer', 'real')
                                           THEN json_extract(NEW.body, '$.conditions.battery') END
        WHERE id = NEW.run_id;
     END`,
  ],
  [
    "run_facts_session_trial",
    `AFTER UPDATE OF trial ON sessions BEGIN
       UPDATE run_facts SET trial = NEW.trial WHERE session_id = NEW.id;
       UPDATE turn_facts SET trial = NEW.trial WHERE session_id = NEW.id;
     END`,
  ],
  // turn_facts follows run_facts: a run's row written (INSERT OR REPLACE: a replaced row fires no
  // delete trigger, so its turns' rows are replaced too), a run's row removed, a turn written later.
  [
    "run_facts_turns_of_run",
    `AFTER INSERT ON run_facts BEGIN
       INSERT OR REPLACE INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", "f.id = NEW.id")};
     END`,
  ],
  [
    "run_facts_turns_gone",
    `AFTER DELETE ON run_facts BEGIN
       DELETE FROM turn_facts WHERE run_id = OLD.id;
     END`,
  ],
  [
    "run_facts_turn_fact",
    `AFTER INSERT ON turns BEGIN
       INSERT OR REPLACE INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", "f.id = NEW.run_id AND t.idx = NEW.idx")};
     END`,
  ],
  // The change log the columnar mirror of the analytics reads follows (src/server/columnar, ADR 12):
  // every write of a run's row names the run; turn_facts and that run's turns only change with it.
  ["facts_log_in", `AFTER INSERT ON run_facts BEGIN INSERT INTO facts_log (run_id) VALUES (NEW.id); END`],
  ["facts_log_up", `AFTER UPDATE ON run_facts BEGIN INSERT INTO facts_log (run_id) VALUES (NEW.id); END`],
  ["facts_log_del", `AFTER DELETE ON run_facts BEGIN INSERT INTO facts_log (run_id) VALUES (OLD.id); END`],
  // Kept short: every 4,096th entry drops those 65,536 older. A mirror that far behind reloads.
  [
    "facts_log_prune",
    `AFTER INSERT ON facts_log WHEN NEW.seq % 4096 = 0 BEGIN DELETE FROM facts_log WHERE seq <= NEW.seq - 65536; END`,
  ],
];

/**
 * The log of run ids whose facts changed, in commit order (`seq`). Not in the drizzle schema: like
 * the triggers that write it, it is installed on every open, and nothing but the mirror reads it.
 * AUTOINCREMENT, so a sequence number is never reused after the prune deletes the newest entries'
 * predecessors. `*` (FACTS_LOG_RESET) means every run changed (a rebuild).
 */
const FACTS_LOG = `CREATE TABLE IF NOT EXISTS facts_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL)`;
export const FACTS_LOG_RESET = "*";

/**
 * (Re)creates the triggers (so a changed definition takes effect on the next open) and fills the
 * table once when it is empty while current scores exist: a database from before issue 22.
 */
export function installRunFacts(sqlite: Database.Database) {
  sqlite.transaction(() => {
    sqlite.exec(FACTS_LOG);
    createTriggers(sqlite, TRIGGERS);
    const empty = !sqlite.prepare("SELECT 1 FROM run_facts LIMIT 1").get();
    if (empty && sqlite.prepare("SELECT 1 FROM scores WHERE current = 1 LIMIT 1").get()) rebuildRunFacts(sqlite);
    // A database from before turn_facts (its migration leaves the table empty): filled once.
    const noTurnFacts = !sqlite.prepare("SELECT 1 FROM turn_facts LIMIT 1").get();
    if (noTurnFacts && sqlite.prepare(`SELECT 1 FROM (${turnFactsSelect("run_facts")}) LIMIT 1`).get())
      sqlite.prepare(`INSERT INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts")}`).run();
  })();
}

function createTriggers(sqlite: Database.Database, triggers: [string, string][]) {
  for (const [name, body] of triggers) {
    sqlite.exec(`DROP TRIGGER IF EXISTS ${name}`);
    sqlite.exec(`CREATE TRIGGER ${name} ${body}`);
  }
}

/**
 * The rows of one batch of a bulk load (scripts/lib/bulkLoad.ts), by the recomputation's own
 * SELECT: the runs with ids `runs[0]`…`runs[1]` whose current scores have ids `scores[0]`…`scores[1]`
 * (a batch written in id order holds exactly those). Ranges, so that both read a primary key
 * while the load has dropped the secondary indexes, and while the batch's traces are still in the
 * page cache: at 1M runs the one SELECT at the end re-read 26 GB of traces from disk for the battery.
 */
export function insertRunFactsOfBatch(
  sqlite: Database.Database,
  batch: { scores: [number, number]; runs: [string, string] },
): number {
  return sqlite
    .prepare(
      `INSERT INTO run_facts (${RUN_FACTS_COLUMNS}) ${runFactsSelect(
        "sc.id BETWEEN @s0 AND @s1 AND sc.run_id BETWEEN @r0 AND @r1",
        "run_id BETWEEN @r0 AND @r1",
      )}`,
    )
    .run({ s0: batch.scores[0], s1: batch.scores[1], r0: batch.runs[0], r1: batch.runs[1] }).changes;
}

/** Recomputes every row from the source tables (in the caller's transaction); returns the rows written. */
export function rebuildRunFacts(sqlite: Database.Database): number {
  // Without the log's triggers for the while: a run's entry twice per run is seconds at 1M runs,
  // and the one entry at the end says the same.
  const logging = TRIGGERS.filter(([name]) => /^facts_log_(in|up|del)$/.test(name));
  for (const [name] of logging) sqlite.exec(`DROP TRIGGER IF EXISTS ${name}`);
  // turn_facts first, in case it alone was damaged; the triggers then write it again with each run.
  sqlite.exec("DELETE FROM turn_facts");
  sqlite.exec("DELETE FROM run_facts");
  const n = sqlite.prepare(`INSERT INTO run_facts (${RUN_FACTS_COLUMNS}) ${runFactsSelect("1")}`).run().changes;
  // One entry says it all: a mirror reloads rather than reading a log entry per run written.
  sqlite.exec("DELETE FROM facts_log");
  sqlite.prepare("INSERT INTO facts_log (run_id) VALUES (?)").run(FACTS_LOG_RESET);
  createTriggers(sqlite, logging);
  return n;
}
