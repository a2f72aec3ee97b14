/**
 * Seeding PostgreSQL (issue 18.7): `seedDatabase` into a scratch SQLite file, then every table
 * copied into the PostgreSQL database at `url` (pgCopy.ts), the scratch file deleted. The report is
 * the SQLite seed's, its context a PostgreSQL one on `url`, plus the copy's own numbers.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { z } from "zod";
import { createPgContext } from "../../src/server/context";
import { copySqliteToPg, type CopyReport } from "./pgCopy";
import { seedDatabase, type SeedOptions, type SeedReport } from "./seedDb";

export interface PgSeedReport extends SeedReport {
  copy: CopyReport;
  /** The SQLite seed's own time, before the copy. */
  sqliteMs: number;
}

/** `scratch` is a folder for the SQLite file (about 25 MB per 1,000 runs while it lives). */
export async function seedPostgres(url: string, scratch: string, opts: SeedOptions): Promise<PgSeedReport> {
  const log = opts.log ?? (() => {});
  const file = path.join(scratch, `pg-seed-${process.pid}-${Date.now()}.db`);
  const t0 = performance.now();
  const r = await seedDatabase(file, opts);
  const sqliteMs = performance.now() - t0;
  let ctx;
  let copy: CopyReport;
  try {
    ctx = await createPgContext(url); // migrates the empty database
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      log(`copying the seed into PostgreSQL…`);
      copy = await copySqliteToPg(r.ctx.db.$client, pool, log);
    } finally {
      await pool.end();
    }
  } catch (e) {
    await ctx?.store.close();
    throw e;
  } finally {
    r.ctx.db.$client.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  }
  const size = await ctx.store.sql.get(
    z.object({ b: z.coerce.number() }),
    "SELECT pg_database_size(current_database()) AS b",
  );
  return { ...r, ctx, copy, sqliteMs, dbBytes: size?.b ?? 0 };
}
