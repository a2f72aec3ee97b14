/**
 * Issue 18.7's seeded steps on PostgreSQL (`npm run bench -- --engine postgres`): the same step
 * code as SQLite's (analytics.ts, exportCsv.ts, http.ts, http-latency.ts), on a throwaway server
 * (scripts/lib/pg-server.mjs with `durable`: PostgreSQL's default fsync and synchronous commit,
 * as a deployment runs; every figure is a ratio against a baseline on the same server) seeded with the SQLite seed's rows (scripts/lib/seedPg.ts).
 * Figures keep their SQLite number behind "PG" (PG3a is 3a on PostgreSQL), so main.ts writes them
 * into the PostgreSQL section.
 */
import pg from "pg";
// @ts-expect-error: a plain .mjs module shared with the tests (tests/support/pg-global.ts imports it so too)
import { startPgServer as startPgServerUntyped } from "../../lib/pg-server.mjs";
import { seedPostgres, type PgSeedReport } from "../../lib/seedPg";
import type { SeedReport } from "../../lib/seedDb";
import { benchAnalytics, pgRaw } from "../analytics";
import { benchAnalyticsScale, scaleReps } from "../analyticsScale";
import { createContext } from "../../../src/server/context";
import { benchExportPg } from "../exportCsv";
import { benchOverHttp } from "../httpStep";
import { benchSearch } from "../search";
import type { Figure } from "../measure";
import { sqliteDatabase } from "../../../src/server/store/sqlite";

const startPgServer = startPgServerUntyped as (opts: {
  durable: boolean;
}) => Promise<{ url: string; port: number; stop: () => Promise<void> }>;

export const PG_STEPS = ["analytics", "scale", "export", "search", "http"];

const onPg = (f: Figure): Figure => ({ ...f, id: `PG${f.id}`, what: `PostgreSQL: ${f.what}` });

type Step = (name: string, fn: (s: SeedReport) => Promise<Figure[]>) => Promise<void>;

/** A server for the whole invocation, one fresh database per size. */
export async function pgBench(log: (l: string) => void) {
  // PostgreSQL's own durability settings (fsync on): the ingestion figure compares a dashboard that
  // acknowledges a trace only once committed with a minimal route that does the same.
  const server = await startPgServer({ durable: true });
  const admin = new pg.Client(server.url);
  await admin.connect();
  log(`  pg: throwaway server on port ${server.port}`);
  return {
    /** `keep`: the SQLite seed's file, reused if it exists and left in place (the scale step's DuckDB reads it). */
    async seed(
      runs: number,
      scratch: string,
      keep?: string,
    ): Promise<{ seeded: PgSeedReport; url: string; line: string }> {
      const name = `hl_bench_${runs}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = server.url.replace(/\/postgres$/, `/${name}`);
      const t = performance.now();
      const seeded = await seedPostgres(url, scratch, { runs, seed: 1, log, keep });
      const s = (performance.now() - t) / 1000;
      const c = seeded.copy;
      const copyS = c.loadMs / 1000;
      const made = seeded.sqliteMs ? `${(seeded.sqliteMs / 1000).toFixed(1)} s` : `kept from before, ${keep}`;
      const line = `PostgreSQL seed: the SQLite seed (${seeded.runs.toLocaleString("en-US")} runs in ${seeded.sessions.length} sessions, ${made}) copied in ${copyS.toFixed(1)} s (${c.rows.toLocaleString("en-US")} rows, ${(c.bytes / 1048576).toFixed(0)} MB of text: ${Math.round(seeded.runs / copyS)} runs/s, ${(c.bytes / 1048576 / copyS).toFixed(0)} MB/s), run_facts and the search index built in ${(c.rebuildMs / 1000).toFixed(1)} s (${c.runFacts.toLocaleString("en-US")} rows, equal to SQLite's); ${s.toFixed(1)} s in all, database ${(((seeded.dbBytes / seeded.runs) * 1000) / 1048576).toFixed(2)} MB per 1,000 runs`;
      return { seeded, url, line };
    },
    async drop(runs: number) {
      await admin.query(`DROP DATABASE IF EXISTS hl_bench_${runs} WITH (FORCE)`);
    },
    async stop() {
      await admin.end();
      await server.stop();
    },
  };
}

/**
 * The seeded steps on the PostgreSQL database at `url` (the seed's context is on it); `kept` is the
 * SQLite seed holding the same rows, which the scale step's DuckDB baseline loads.
 */
export async function runPgSteps(
  step: Step,
  url: string,
  reps: number,
  log: (l: string) => void,
  runs: number,
  kept: string | null,
) {
  await step("analytics", async (s) => {
    const client = new pg.Client(url);
    await client.connect();
    try {
      return (await benchAnalytics(s.ctx, reps, pgRaw(client))).map(onPg);
    } finally {
      await client.end();
    }
  });
  // Issue 22: the services on PostgreSQL (their columnar copy loaded from it) against DuckDB
  // computing the same numbers from the SQLite seed's identical rows, as on SQLite.
  await step("scale", async (s) => {
    if (!kept) throw new Error("the scale step on PostgreSQL needs the SQLite seed kept beside it");
    const rows = createContext(kept, Date.now, undefined, { columnar: false });
    try {
      return (await benchAnalyticsScale(s.ctx, s.runs, scaleReps(runs, reps), log, undefined, rows)).map(onPg);
    } finally {
      sqliteDatabase(rows.store).close();
    }
  });
  // Every export (issue 22.4): runs.csv, runs.json, turns.csv, calls.csv, and the two runs files'
  // memory. From 100k runs one timed pair (after the warm-up): each pass reads every stored trace
  // (~22 KB each, 2 GB at 100k), minutes on a shared 2-core machine.
  await step("export", async (s) => (await benchExportPg(s.ctx, url, runs >= 100_000 ? 1 : reps)).map(onPg));
  await step("search", async (s) => (await benchSearch(s.ctx, s.runs, reps, log)).map(onPg));
  await step("http", async (s) => (await benchOverHttp(s, url, reps, log)).map(onPg));
}
