/**
 * The DuckDB baseline's data: the analytics tables of the SQLite database copied into DuckDB in
 * memory (`@duckdb/node-api`), the way a researcher would: each table written to a CSV file and
 * read with `read_csv` (DuckDB's own parallel reader), columns typed as SQLite declares them.
 * Trace bodies are not copied (2.5 GB at 100k runs): the one field an analytics query reads from
 * them (`conditions.battery`, for the cost figure) is copied as a one-field JSON body instead.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";

/**
 * Every table an analytics service reads (jobs and leases are not; devices for the phones' names,
 * issue 34.2); run_facts and turn_facts when they exist (ADR 10, 11): the states view's medians
 * count turn_facts' rows.
 */
const TABLES = [
  "sessions",
  "devices",
  "runs",
  "scores",
  "turns",
  "configs",
  "tasks",
  "suites",
  "traces",
  "run_facts",
  "turn_facts",
];

const csvCell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  const s = String(v);
  return `"${s.replace(/"/g, '""')}"`;
};

const duckType = (declared: string) => {
  const t = declared.toUpperCase();
  if (t.includes("INT")) return "BIGINT";
  if (t.includes("REAL") || t.includes("FLOA") || t.includes("DOUB") || t.includes("NUMERIC")) return "DOUBLE";
  return "VARCHAR";
};

export interface DuckBaseline {
  conn: DuckDBConnection;
  loadMs: number;
  rows: Record<string, number>;
  close: () => void;
}

export async function loadIntoDuck(
  db: Database.Database,
  log: (l: string) => void = () => {},
  /** Only these tables (a re-run of one figure at 1M runs needs two of them, not 26 GB of traces). */
  only: string[] = TABLES,
): Promise<DuckBaseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-duck-"));
  const instance = await DuckDBInstance.create(":memory:", { threads: String(os.availableParallelism()) });
  const conn = await instance.connect();
  const rows: Record<string, number> = {};
  let loadMs = 0;
  try {
    for (const table of TABLES.filter((t) => only.includes(t))) {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) continue;
      const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; type: string }[];
      const select = cols.map((c) =>
        table === "traces" && c.name === "body"
          ? `json_object('conditions', json_object('battery', json_extract(CAST(trace_utf8(body) AS TEXT), '$.conditions.battery'))) AS body`
          : `"${c.name}"`,
      );
      const file = path.join(dir, `${table}.csv`);
      const fd = fs.openSync(file, "w");
      let n = 0;
      let buf: string[] = [];
      const stmt = db.prepare(`SELECT ${select.join(", ")} FROM ${table}`).raw(true);
      for (const row of stmt.iterate() as Iterable<unknown[]>) {
        buf.push(row.map(csvCell).join(","));
        if (buf.length === 10_000) {
          fs.writeSync(fd, buf.join("\n") + "\n");
          buf = [];
        }
        n++;
      }
      if (buf.length) fs.writeSync(fd, buf.join("\n") + "\n");
      fs.closeSync(fd);
      rows[table] = n;
      const types = cols.map((c) => [c.name, duckType(c.type)]);
      const t = performance.now();
      await conn.run(`CREATE TABLE ${table} (${types.map(([c, ty]) => `"${c}" ${ty}`).join(", ")})`);
      if (n)
        await conn.run(
          `INSERT INTO ${table} SELECT * FROM read_csv('${file}', header = false, quote = '"', escape = '"', nullstr = '',
             allow_quoted_nulls = false, columns = {${types.map(([c, ty]) => `'${c}': '${ty}'`).join(", ")}})`,
        );
      loadMs += performance.now() - t;
      fs.rmSync(file);
      log(`  duckdb: ${table} ${n} rows`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { conn, loadMs, rows, close: () => (conn.closeSync(), instance.closeSync()) };
}
