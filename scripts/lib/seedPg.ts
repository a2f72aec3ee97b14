/**
 * Seeding PostgreSQL (issue 18.7): `seedDatabase` into a scratch SQLite file, then every table
 * copied into the PostgreSQL database at `url` (pgCopy.ts), the scratch file deleted. The report is
 * the SQLite seed's, its context a PostgreSQL one on `url`, plus the copy's own numbers.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { createContext, createPgContext } from "../../src/server/context";
import type { Suite } from "../../src/domain/suite/schema";
import { copySqliteToPg, type CopyReport } from "./pgCopy";
import { seedDatabase, type SeedOptions, type SeedReport } from "./seedDb";
import { sqliteDatabase } from "../../src/server/store/sqlite";

export interface PgSeedReport extends SeedReport {
  copy: CopyReport;
  /** The SQLite seed's own time, before the copy (0 when a kept seed was copied). */
  sqliteMs: number;
  /** The SQLite seed's file while it is kept (`keep`): the same rows, for a benchmark's DuckDB baseline. */
  kept: string | null;
}

/**
 * `scratch` is a folder for the SQLite file (about 7 MB per 1,000 runs while it lives). With
 * `keep`, the file is `keep` itself: copied as it is when it exists (the benchmark's `--keep`
 * reuses a seed it made before), seeded there when not, and left in place afterwards.
 */
export async function seedPostgres(
  url: string,
  scratch: string,
  opts: SeedOptions & { keep?: string },
): Promise<PgSeedReport> {
  const log = opts.log ?? (() => {});
  const file = opts.keep ?? path.join(scratch, `pg-seed-${process.pid}-${Date.now()}.db`);
  const t0 = performance.now();
  const reused = !!opts.keep && fs.existsSync(opts.keep);
  if (reused) log(`copying the kept seed ${file}`);
  const r = reused ? await keptSeed(file) : await seedDatabase(file, opts);
  const sqliteMs = reused ? 0 : performance.now() - t0;
  let ctx;
  let copy: CopyReport;
  try {
    ctx = await createPgContext(url); // migrates the empty database
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      log(`copying the seed into PostgreSQL…`);
      copy = await copySqliteToPg(sqliteDatabase(r.ctx.store), pool, log);
    } finally {
      await pool.end();
    }
  } catch (e) {
    await ctx?.store.close();
    throw e;
  } finally {
    sqliteDatabase(r.ctx.store).close();
    if (!opts.keep) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  }
  const size = await ctx.store.sql.get(
    z.object({ b: z.coerce.number() }),
    "SELECT pg_database_size(current_database()) AS b",
  );
  return { ...r, ctx, copy, sqliteMs, dbBytes: size?.b ?? 0, kept: opts.keep ?? null };
}

/** A seed made before, as a report: its runs and sessions counted from the file (no columnar copy). */
async function keptSeed(file: string): Promise<SeedReport> {
  const ctx = createContext(file, Date.now, undefined, { columnar: false });
  const db = sqliteDatabase(ctx.store);
  const runs = (db.prepare("SELECT COUNT(*) AS n FROM runs").get() as { n: number }).n;
  const sessions = (db.prepare("SELECT id FROM sessions ORDER BY created_at").all() as { id: string }[]).map(
    (x) => x.id,
  );
  const suite = JSON.parse((db.prepare("SELECT doc FROM suites LIMIT 1").get() as { doc: string }).doc) as Suite;
  const none = { min: 0, median: 0, max: 0, mean: 0 };
  return { ctx, suite, pool: [], sessions, runs, poolMs: 0, insertMs: 0, traceBytes: none, dbBytes: 0 };
}
