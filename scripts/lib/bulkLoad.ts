/**
 * The seed's bulk load (issue 22: 1M runs in minutes, not 32 min). A fresh database file is filled
 * the way SQLite loads fastest, and then put back exactly as ingest would have left it:
 *
 * - the `run_facts` triggers (turn_facts' included) are dropped during the load and the table is computed once at the
 *   end by the very SELECT the triggers and `npm run rebuild-summaries` use (`installRunFacts`
 *   recreates the triggers and fills the empty table); per run, the score trigger re-read the
 *   whole 21 KB trace body for its battery and the turn trigger updated the row once per turn;
 * - secondary indexes are dropped and rebuilt after (one sort each, instead of a random b-tree
 *   insert per row: the runs' lease-token hashes are random, so at 1M runs every insert missed
 *   the page cache);
 * - no fsync and no foreign-key lookups while loading: the file is new and thrown away if the seed
 *   fails (seed.ts refuses an existing file), and the rows are built from the suite the same script
 *   just loaded. `synchronous = FULL` and foreign keys are restored after, as db/client.ts opens
 *   every database. The journal stays WAL: on the context's connection SQLite refuses
 *   `journal_mode = OFF` (the pragma answers `wal`), and without fsync WAL costs little here.
 */
import type Database from "better-sqlite3";
import { installRunFacts } from "../../db/runFacts";

const TABLES = ["jobs", "leases", "runs", "traces", "turns", "scores", "run_facts", "turn_facts"];

export function bulkLoad<T>(db: Database.Database, load: () => T): T {
  const marks = TABLES.map(() => "?").join(", ");
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks})`)
    .all(...TABLES) as { name: string; sql: string }[];
  const triggers = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'run_facts_%'")
    .all() as { name: string }[];
  const cache = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("foreign_keys = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -524288"); // 512 MiB while loading
  for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
  for (const i of indexes) db.exec(`DROP INDEX ${i.name}`);
  db.exec("DELETE FROM run_facts");
  const value = load();
  // The summaries first, then the secondary indexes (each built by one sort, run_facts' and
  // turn_facts' covering indexes included), instead of a random insert per row into each.
  db.transaction(() => {
    installRunFacts(db);
    for (const i of indexes) db.exec(i.sql);
  })();
  db.pragma(`cache_size = ${cache}`);
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  return value;
}
