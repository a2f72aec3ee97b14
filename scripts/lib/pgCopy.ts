/**
 * Seeding PostgreSQL (issue 18.7): the SQLite seed (seedDb.ts) copied table by table into a
 * fresh, migrated PostgreSQL database, so both engines are benchmarked on the very same rows.
 * Copying rather than a second seed written for PostgreSQL keeps one seed to trust; batched
 * multi-row INSERTs with parameters rather than COPY need no package beyond `pg`
 * (pg-copy-streams is not installed).
 *
 * - Column types come from db/schema-pg (pgValues.ts converts 0/1 to booleans, checks integers).
 * - The run_facts triggers are off during the load (`session_replication_role = replica`, which
 *   also skips the foreign-key checks: the rows come from a SQLite database that enforced them),
 *   and run_facts is then computed once by `run_facts_rebuild()` (db/facts/postgres.ts), the SELECT
 *   the triggers run per row, so it equals what ingest would have written; checked against the
 *   SQLite seed's run_facts (row count and sums) before anything is measured; the runs' search
 *   index is filled the same way, by the function its trigger calls.
 * - Identity sequences (scores.id) are moved past the copied ids, so later writes do not collide.
 */
import type Database from "better-sqlite3";
import { is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import type pg from "pg";
import * as schemaPg from "../../db/schema-pg";
import { maxRows, pgType, toPgValue, valuesInsert, type PgType } from "./pgValues";

const BATCH_BYTES = 8 * 1024 * 1024;

export interface CopyReport {
  rows: number;
  bytes: number;
  loadMs: number;
  rebuildMs: number;
  runFacts: number;
  tables: { name: string; rows: number }[];
}

function pgTables() {
  return (Object.values(schemaPg) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => {
      const c = getTableConfig(t);
      return { name: c.name, columns: c.columns.map((col) => ({ name: col.name, type: pgType(col.getSQLType()) })) };
    });
}

async function copyTable(
  sqlite: Database.Database,
  client: pg.PoolClient,
  t: { name: string; columns: { name: string; type: PgType }[] },
) {
  // SQLite stores trace bodies compressed (db/traceCodec.mjs); PostgreSQL takes the text.
  const column = (c: string) => (t.name === "traces" && c === "body" ? `CAST(trace_utf8("body") AS TEXT)` : `"${c}"`);
  const select = `SELECT ${t.columns.map((c) => column(c.name)).join(", ")} FROM "${t.name}"`;
  const most = maxRows(t.columns.length);
  const statements = new Map<number, string>(); // the full batch's text, built once
  let values: unknown[] = [];
  let rows = 0;
  let bytes = 0;
  let batchBytes = 0;
  let batchRows = 0;
  const flush = async () => {
    if (!batchRows) return;
    let text = statements.get(batchRows);
    if (!text) statements.set(batchRows, (text = valuesInsert(t.name, t.columns, batchRows)));
    await client.query(text, values);
    values = [];
    bytes += batchBytes;
    batchRows = batchBytes = 0;
  };
  for (const row of sqlite.prepare(select).raw().iterate() as IterableIterator<unknown[]>) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (typeof v === "string") batchBytes += v.length;
      values.push(toPgValue(t.columns[i].type, v, `${t.name}.${t.columns[i].name}`));
    }
    rows++;
    if (++batchRows >= most || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return { rows, bytes };
}

/** The SQLite seed's run_facts summed as the check compares them (equal on both engines or the copy is wrong). */
const FACTS_CHECK = `SELECT COUNT(*) AS n, SUM(turn_rows) AS turns, SUM(CASE WHEN passed THEN 1 ELSE 0 END) AS passed,
  SUM(turn_ttft_ms) AS ttft, SUM(tool_calls) AS calls FROM run_facts`;

/** Copies every table of db/schema-pg from `sqlite` into the empty, migrated database of `pool`. */
export async function copySqliteToPg(
  sqlite: Database.Database,
  pool: pg.Pool,
  log: (l: string) => void = () => {},
): Promise<CopyReport> {
  const tables = pgTables();
  const client = await pool.connect();
  try {
    for (const t of tables) {
      const { rows } = await client.query(`SELECT 1 FROM "${t.name}" LIMIT 1`);
      if (rows.length)
        throw new Error(`The PostgreSQL database already has rows in ${t.name}: seed into a new, empty database.`);
    }
    const t0 = performance.now();
    await client.query("SET session_replication_role = replica");
    const report: CopyReport = { rows: 0, bytes: 0, loadMs: 0, rebuildMs: 0, runFacts: 0, tables: [] };
    for (const t of tables) {
      if (t.name === "run_facts" || t.name === "turn_facts") continue; // computed below, as ingest would have
      const r = await copyTable(sqlite, client, t);
      report.rows += r.rows;
      report.bytes += r.bytes;
      report.tables.push({ name: t.name, rows: r.rows });
      if (r.rows) log(`  copied ${r.rows.toLocaleString("en-US")} rows of ${t.name}`);
    }
    await client.query("SET session_replication_role = origin");
    report.loadMs = performance.now() - t0;
    const t1 = performance.now();
    report.runFacts = Number((await client.query("SELECT run_facts_rebuild() AS n")).rows[0].n);
    // The runs' search index (db/migrations-pg/0015_runs-search.sql): its trigger was off too.
    await client.query(
      "INSERT INTO runs_search (run_id, doc) SELECT run_id, runs_search_doc(run_id, body) FROM traces",
    );
    report.rebuildMs = performance.now() - t1;
    const want = sqlite.prepare(FACTS_CHECK).get() as Record<string, number | null>;
    const got = (await client.query(FACTS_CHECK)).rows[0] as Record<string, string | number | null>;
    for (const k of Object.keys(want))
      if (Number(want[k] ?? 0) !== Number(got[k] ?? 0))
        throw new Error(`run_facts on PostgreSQL differs from the SQLite seed's: ${k} ${got[k]} vs ${want[k]}`);
    const seqs = await client.query(
      `SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`,
    );
    for (const { t, c } of seqs.rows as { t: string; c: string }[])
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX("${c}") FROM "${t}"), 0) + 1, false)`,
        [t, c],
      );
    await client.query("ANALYZE");
    return report;
  } finally {
    await client.query("SET session_replication_role = origin").catch(() => undefined);
    client.release();
  }
}
