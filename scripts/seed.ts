/**
 * `npm run seed -- --db PATH|postgres://… [--runs 100000] [--seed S] [--variants 6]` fills a NEW
 * database file with realistic runs of the default suite (simulated-phone traces, real scoring)
 * for benchmarks and for trying the dashboard at scale. It refuses an existing file so it never
 * touches real data. Given a PostgreSQL URL, it seeds a scratch SQLite file in the temporary
 * folder and copies it into that database (scripts/lib/seedPg.ts), which must be empty.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { isPostgresUrl } from "../db/engine";
import { seedDatabase } from "./lib/seedDb";
import { seedPostgres } from "./lib/seedPg";
import { sqliteDatabase } from "../src/server/store/sqlite";

async function main() {
  const { values: v } = parseArgs({
    options: {
      db: { type: "string" },
      runs: { type: "string", default: "100000" },
      seed: { type: "string", default: "1" },
      variants: { type: "string", default: "6" },
    },
    strict: true,
  });
  if (!v.db) throw new Error("--db PATH is required (a new file; the seed never writes into an existing database)");
  if (isPostgresUrl(v.db)) return seedPg(v.db, Number(v.runs), Number(v.seed), Number(v.variants));
  if (fs.existsSync(v.db))
    throw new Error(`${v.db} already exists: pass a new path (or delete it and its -wal/-shm files)`);
  const runs = Number(v.runs);
  const seed = Number(v.seed);
  const variants = Number(v.variants);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer");
  const t0 = performance.now();
  const r = await seedDatabase(v.db, { runs, seed, variants, log: (l) => console.error(l) });
  const totalS = (performance.now() - t0) / 1000;
  sqliteDatabase(r.ctx.store).close();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    [
      `seeded ${r.runs} runs in ${r.sessions.length} sessions into ${v.db}`,
      `  total ${totalS.toFixed(1)} s (simulating ${r.pool.length} distinct traces ${(r.poolMs / 1000).toFixed(1)} s, inserting ${(r.insertMs / 1000).toFixed(1)} s = ${Math.round(r.runs / (r.insertMs / 1000))} runs/s)`,
      `  overall ${Math.round(r.runs / totalS)} runs/s`,
      `  trace sizes: min ${kb(r.traceBytes.min)}, median ${kb(r.traceBytes.median)}, mean ${kb(r.traceBytes.mean)}, max ${kb(r.traceBytes.max)}`,
      `  database ${(r.dbBytes / 1024 / 1024).toFixed(1)} MB = ${(((r.dbBytes / r.runs) * 1000) / 1024 / 1024).toFixed(2)} MB per 1,000 runs`,
    ].join("\n"),
  );
}
async function seedPg(url: string, runs: number, seed: number, variants: number) {
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive integer");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-seed-"));
  try {
    const r = await seedPostgres(url, scratch, { runs, seed, variants, log: (l) => console.error(l) });
    await r.ctx.store.close();
    const c = r.copy;
    // A URL may carry a password: name only its host and database.
    console.log(
      `seeded ${r.runs} runs in ${r.sessions.length} sessions into ${new URL(url).host}${new URL(url).pathname}: SQLite seed ${(r.sqliteMs / 1000).toFixed(1)} s, copy ${(c.loadMs / 1000).toFixed(1)} s (${Math.round(r.runs / (c.loadMs / 1000))} runs/s), run_facts ${(c.rebuildMs / 1000).toFixed(1)} s`,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`seed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
