import type Database from "better-sqlite3";
import { FACTS_LOG, OWNED } from "./facts/definition";
import { SQLITE } from "./facts/dialect";
import { installPlan } from "./facts/plan";
import * as select from "./facts/select";
import { RUN_FACTS_COLUMNS, SQLITE_FINGERPRINT as HASH, SQLITE_TRIGGERS, TURN_FACTS_COLUMNS } from "./facts/sqlite";

/**
 * How `run_facts` and `turn_facts` (ADR 10, 11) and the change log (ADR 12) are kept on SQLite: the
 * one facts definition (db/facts/definition.ts) rendered as triggers (db/facts/sqlite.ts) and
 * installed at every open, as PostgreSQL installs its rendering at boot (db/facts/pgInstall.ts).
 */
export { RUN_FACTS_COLUMNS, TURN_FACTS_COLUMNS };
export const FACTS_LOG_RESET = FACTS_LOG.reset;

/**
 * The facts of the runs whose current score `scoreWhere` selects (over `scores sc`): the full
 * recomputation. `turnsWhere` narrows the turns summed (over `turns`, unaliased) to those runs'
 * turns, so that a few runs' rows do not sum every turn in the database.
 */
export const runFactsSelect = (scoreWhere: string, turnsWhere = SQLITE.all) =>
  select.runFactsSelect(SQLITE, { scoreWhere, turnsWhere });

/** turn_facts' rows: each turn of the runs in `facts` (run_facts, or a recomputation of it, aliased f). */
export const turnFactsSelect = (facts: string, where = SQLITE.all) => select.turnFactsSelect(facts, where);

/**
 * The log of run ids whose facts changed, in commit order (`seq`). Not in the drizzle schema: like
 * the triggers that write it, it is installed on every open, and nothing but the mirror reads it.
 * AUTOINCREMENT, so a sequence number is never reused after the prune deletes the newest entries'
 * predecessors. FACTS_LOG_RESET means every run changed (a rebuild).
 */
const FACTS_LOG_TABLE = `CREATE TABLE IF NOT EXISTS facts_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL)`;

/**
 * Installs the rendered triggers when they are not the installed ones (db/facts/plan.ts: and
 * recomputes every row when the definition changed), then fills the tables once when a database
 * from before issue 22 has none of their rows.
 */
export function installRunFacts(sqlite: Database.Database) {
  sqlite.transaction(() => {
    sqlite.exec(FACTS_LOG_TABLE);
    const owned = (
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[]
    ).filter((n) => OWNED.test(n));
    const hasView = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = 'facts_definition'");
    const hash = hasView.get()
      ? (sqlite.prepare("SELECT hash FROM facts_definition").pluck().get() as string | undefined)
      : undefined;
    const plan = installPlan(
      { hash: hash ?? null, triggers: owned, functions: true },
      { hash: HASH, triggers: SQLITE_TRIGGERS.map((t) => t.name), engine: "sqlite" },
    );
    if (plan.install) {
      for (const name of owned) sqlite.exec(`DROP TRIGGER ${name}`);
      createTriggers(sqlite, SQLITE_TRIGGERS);
      sqlite.exec("DROP VIEW IF EXISTS facts_definition");
      sqlite.exec(`CREATE VIEW facts_definition AS SELECT '${HASH}' AS hash`);
      if (plan.rebuild) rebuildRunFacts(sqlite);
    }
    const empty = !sqlite.prepare("SELECT 1 FROM run_facts LIMIT 1").get();
    if (empty && sqlite.prepare("SELECT 1 FROM scores WHERE current = 1 LIMIT 1").get()) rebuildRunFacts(sqlite);
    // A database from before turn_facts (its migration leaves the table empty): filled once.
    const noTurnFacts = !sqlite.prepare("SELECT 1 FROM turn_facts LIMIT 1").get();
    // In the table's key order (ADR 21), so its b-tree is written full rather than split at random.
    if (noTurnFacts && sqlite.prepare(`SELECT 1 FROM (${turnFactsSelect("run_facts")}) LIMIT 1`).get())
      sqlite
        .prepare(
          `INSERT INTO turn_facts (${TURN_FACTS_COLUMNS}) SELECT * FROM (${turnFactsSelect("run_facts")}) ORDER BY config_id, turn_ms, run_id, idx`,
        )
        .run();
  })();
}

function createTriggers(sqlite: Database.Database, triggers: { name: string; sql: string }[]) {
  for (const { name, sql } of triggers) {
    sqlite.exec(`DROP TRIGGER IF EXISTS ${name}`);
    sqlite.exec(`CREATE TRIGGER ${name} ${sql}`);
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
  // and the one entry at the end says the same. (PostgreSQL holds them back with a setting instead.)
  const logging = SQLITE_TRIGGERS.filter((t) => t.log);
  for (const { name } of logging) sqlite.exec(`DROP TRIGGER IF EXISTS ${name}`);
  // turn_facts first, in case it alone was damaged; the triggers then write it again with each run.
  sqlite.exec("DELETE FROM turn_facts");
  sqlite.exec("DELETE FROM run_facts");
  const n = sqlite.prepare(`INSERT INTO run_facts (${RUN_FACTS_COLUMNS}) ${runFactsSelect(SQLITE.all)}`).run().changes;
  // One entry says it all: a mirror reloads rather than reading a log entry per run written.
  sqlite.exec("DELETE FROM facts_log");
  sqlite.prepare("INSERT INTO facts_log (run_id) VALUES (?)").run(FACTS_LOG_RESET);
  createTriggers(sqlite, logging);
  return n;
}
