/**
 * Issue 18.7: the PostgreSQL benchmarks seed PostgreSQL by copying the SQLite seed
 * (scripts/lib/pgCopy.ts). The copy must leave the database as ingest would: every table's rows,
 * booleans as booleans, run_facts computed as its triggers compute it (equal, row by row, to the
 * SQLite seed's, which seed-equals-ingest.test.ts compares with real ingest), the scores' identity
 * moved past the copied ids so the next ingest does not collide, and no copy into a database that
 * already holds rows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ftsMatch, searchWords, tsQuery } from "@/domain/runs/search";
import { openPgDb } from "@db/pg-client";
import { seedDatabase, type SeedReport } from "../../../scripts/lib/seedDb";
import { copySqliteToPg, type CopyReport } from "../../../scripts/lib/pgCopy";
import { pgTestDatabase, pgUrl } from "../../support/pg";
import { sqliteDatabase } from "@/server/store/sqlite";

type Row = Record<string, unknown>;
/** A value as both engines' rows compare: booleans as 0/1, PostgreSQL's bigint text as a number. */
const norm = (v: unknown) =>
  v === true ? 1 : v === false ? 0 : typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v;
const normRow = (r: Row) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, norm(v)]));

describe.skipIf(!pgUrl)("copying the SQLite seed into PostgreSQL", () => {
  let dir: string;
  let seeded: SeedReport;
  let db: Awaited<ReturnType<typeof pgTestDatabase>>;
  let pool: pg.Pool;
  let copy: CopyReport;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-pgcopy-"));
    seeded = await seedDatabase(path.join(dir, "seed.db"), { runs: 240, seed: 3, variants: 1, repeats: 1 });
    db = await pgTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    copy = await copySqliteToPg(sqliteDatabase(seeded.ctx.store), pool);
  });
  afterAll(async () => {
    if (seeded) sqliteDatabase(seeded.ctx.store).close();
    await pool?.end();
    await db?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies every table's rows and says how many", async () => {
    const sdb = sqliteDatabase(seeded.ctx.store);
    for (const t of ["sessions", "jobs", "leases", "runs", "traces", "turns", "scores", "tasks", "configs"]) {
      const want = (sdb.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
      const got = Number((await pool.query(`SELECT COUNT(*) AS n FROM ${t}`)).rows[0].n);
      expect(got, t).toBe(want);
      expect(want, t).toBeGreaterThan(0);
    }
    expect(copy.runFacts).toBe(240);
    const runs = await pool.query("SELECT charging, superseded, received_at FROM runs LIMIT 1");
    expect(typeof runs.rows[0].superseded).toBe("boolean");
  });

  it("leaves run_facts equal, row by row, to the SQLite seed's (what the triggers compute)", async () => {
    const want = (sqliteDatabase(seeded.ctx.store).prepare("SELECT * FROM run_facts ORDER BY id").all() as Row[]).map(
      normRow,
    );
    const got = (await pool.query('SELECT * FROM run_facts ORDER BY id COLLATE "C"')).rows.map(normRow);
    expect(got.length).toBe(240);
    // score_id is the scores' identity on each engine: copied as it is, so it matches too.
    expect(got).toEqual(want);
  });

  it("fills the runs' search index its trigger skipped, finding the same runs as the SQLite seed's", async () => {
    const sdb = sqliteDatabase(seeded.ctx.store);
    expect(Number((await pool.query("SELECT COUNT(*) AS n FROM runs_search")).rows[0].n)).toBe(240);
    // A word of one run's reply and the tool it called first, as the explorer would search them.
    const body = JSON.parse(
      sdb.prepare("SELECT CAST(trace_utf8(body) AS TEXT) FROM traces ORDER BY run_id LIMIT 1").pluck().get() as string,
    );
    for (const q of [body.reply as string, body.turns.flatMap((t: { toolCalls: unknown[] }) => t.toolCalls)[0]?.name]) {
      const words = searchWords(String(q ?? "")).slice(0, 2);
      if (!words.length) continue;
      const want = sdb
        .prepare("SELECT run_id FROM runs_search WHERE runs_search MATCH ? ORDER BY run_id")
        .pluck()
        .all(ftsMatch(words));
      const got = (
        await pool.query(
          `SELECT run_id FROM runs_search WHERE doc @@ to_tsquery('simple', $1) ORDER BY run_id COLLATE "C"`,
          [tsQuery(words)],
        )
      ).rows.map((r) => r.run_id);
      expect(want.length, q).toBeGreaterThan(0);
      expect(got, q).toEqual(want);
    }
  });

  it("moves the scores' identity past the copied ids, so the next ingest's score does not collide", async () => {
    const max = Number((await pool.query("SELECT MAX(id) AS m FROM scores")).rows[0].m);
    const next = Number((await pool.query("SELECT nextval(pg_get_serial_sequence('scores', 'id')) AS n")).rows[0].n);
    expect(next).toBeGreaterThan(max);
  });

  it("refuses to copy into a database that already holds rows", async () => {
    await expect(copySqliteToPg(sqliteDatabase(seeded.ctx.store), pool)).rejects.toThrow(
      /already has rows in \w+: seed into a new, empty database/,
    );
    // The refusal wrote nothing: still one copy's rows.
    expect(Number((await pool.query("SELECT COUNT(*) AS n FROM runs")).rows[0].n)).toBe(240);
  });

  it("leaves a database the dashboard opens (its migrations already applied, nothing pending)", async () => {
    const d = await openPgDb(db.url, { max: 1 });
    try {
      expect(Number((await d.$client.query("SELECT COUNT(*) AS n FROM run_facts")).rows[0].n)).toBe(240);
    } finally {
      await d.$client.end();
    }
  });
});
