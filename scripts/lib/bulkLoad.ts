/**
 * The seed's bulk load (issue 22: 1M runs in minutes, not 32 min). A fresh database file is filled
 * the way SQLite loads fastest, and then put back exactly as ingest would have left it:
 *
 * - on a connection of its own, with the rollback journal in memory: in WAL every page was written
 *   twice (to the log, then by the checkpoint into the file), and SQLite leaves WAL only on a
 *   connection that is alone on the file, so the caller closes its context first and opens a new
 *   one after (the file is switched back to WAL, as db/client.ts opens every database);
 * - the `run_facts` triggers (turn_facts' and the change log's included) are dropped during the
 *   load; the loader fills `run_facts` batch by batch with `facts`, the very SELECT the triggers and
 *   `npm run rebuild-summaries` use narrowed to the batch's id ranges, while the batch's traces are
 *   still in the page cache (one SELECT at the end re-read every trace for the battery: 26 GB, from
 *   disk, at 1M runs); `installRunFacts` then recreates the triggers and fills `turn_facts` from
 *   `run_facts` in one statement (or all of `run_facts`, if the loader filled none);
 * - secondary indexes are dropped and rebuilt after (one sort each, instead of a random b-tree
 *   insert per row: the runs' lease-token hashes are random, so at 1M runs every insert missed
 *   the page cache);
 * - no fsync and no foreign-key lookups while loading: the file is new and thrown away if the seed
 *   fails (seed.ts refuses an existing file), and the rows are built from the suite the same script
 *   just loaded.
 */
import Database from "better-sqlite3";
import { insertRunFactsOfBatch, installRunFacts } from "../../db/runFacts";
import { installTraceCodec } from "../../db/traceCodec.mjs";

const TABLES = ["jobs", "leases", "runs", "traces", "turns", "scores", "run_facts", "turn_facts"];

/** A batch's id ranges: its current scores' row ids and its runs' ids, each first to last. */
export type FactsBatch = { scores: [number, number]; runs: [string, string] };

export function bulkLoad<T>(dbPath: string, load: (db: Database.Database, facts: (batch: FactsBatch) => void) => T): T {
  const db = new Database(dbPath);
  try {
    installTraceCodec(db);
    const journal = db.pragma("journal_mode = MEMORY", { simple: true });
    if (journal !== "memory")
      throw new Error(`the seed's database is open elsewhere (its journal stayed "${journal}"): close it first`);
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma("foreign_keys = OFF");
    db.pragma("synchronous = OFF");
    db.pragma("cache_size = -524288"); // 512 MiB while loading
    const marks = TABLES.map(() => "?").join(", ");
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks})`,
      )
      .all(...TABLES) as { name: string; sql: string }[];
    const triggers = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name LIKE 'run_facts_%' OR name LIKE 'facts_log_%')",
      )
      .all() as { name: string }[];
    for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
    for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
    db.exec("DELETE FROM turn_facts");
    db.exec("DELETE FROM run_facts");
    const value = load(db, (batch) => insertRunFactsOfBatch(db, batch));
    // turn_facts and the triggers, then the secondary indexes, each built by one sort (run_facts'
    // and turn_facts' covering indexes included) instead of a random insert per row into each.
    db.transaction(() => {
      installRunFacts(db);
      for (const i of indexes) db.exec(i.sql);
    })();
    db.pragma("locking_mode = NORMAL");
    db.pragma("journal_mode = WAL");
    return value;
  } finally {
    db.close();
  }
}
