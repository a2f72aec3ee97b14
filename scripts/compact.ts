/**
 * `npm run compact -- [--db PATH]`: finishes the compression of a SQLite database's trace bodies
 * (what the dashboard does by itself in the background, src/server/store/sqlite/compactTraces.ts)
 * and then gives the space it freed back to the disk (VACUUM). Rewriting bodies frees pages inside
 * the file, which new runs reuse; only VACUUM makes the file itself smaller, and it needs the file
 * to itself: stop the dashboard first (the script refuses while another process has it open). A
 * file with pages smaller than the 16 KiB a new database gets (ADR 21) is moved to them by the same
 * VACUUM.
 * PostgreSQL needs none of this: TOAST compresses the bodies (docs/benchmarks.md).
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { PAGE_SIZE } from "../db/client";
import { installTraceCodec } from "../db/traceCodec.mjs";
import { createContext } from "../src/server/context";
import { isPostgresUrl } from "../db/engine";
import { checkInUse } from "../src/server/store/sqlite/backup";
import { sqliteDatabase, type SqliteStore } from "../src/server/store/sqlite";
import { compactionState } from "../src/server/store/sqlite/compactTraces";

const args = process.argv.slice(2);
const one = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

async function main() {
  const db = one("--db") ?? (process.env.DATABASE_URL || process.env.DB_PATH || "./data/harness-lab.db");
  if (isPostgresUrl(db)) {
    console.log("PostgreSQL compresses trace bodies itself (TOAST): there is nothing to compact.");
    return;
  }
  if (!fs.existsSync(db)) {
    console.error(`No database at ${db}: pass --db PATH or set DB_PATH.`);
    process.exit(1);
  }
  if (checkInUse(db).locked) {
    console.error(
      `${db} is open in another process (a running dashboard?). Stop it first: it compresses its traces by itself, and VACUUM needs the file to itself.`,
    );
    process.exit(1);
  }
  const size = () => fs.statSync(db).size + (fs.existsSync(`${db}-wal`) ? fs.statSync(`${db}-wal`).size : 0);
  const before = size();
  const ctx = createContext(db);
  const sqlite = sqliteDatabase(ctx.store);
  const started = Date.now();
  let last = 0;
  const progress = setInterval(() => {
    const s = compactionState(sqlite);
    if (s && s.converted_through !== last) {
      last = s.converted_through;
      console.log(
        `  rewriting trace bodies: ${s.converted_through.toLocaleString()} of ${s.start_rowid.toLocaleString()}`,
      );
    }
  }, 2000);
  let report;
  try {
    report = await (ctx.store as SqliteStore).traceCompaction.finish();
  } finally {
    clearInterval(progress);
  }
  const encoding = compactionState(sqlite)?.encoding;
  const t = report.trained;
  console.log(
    `trace bodies: ${encoding === "deflate" ? "deflate without a dictionary (none saved 10%)" : `dictionary ${encoding}`}` +
      (t
        ? `, trained now (${t.ratio.with.toFixed(1)}× on held-out bodies, ${t.ratio.without.toFixed(1)}× without it)`
        : "") +
      `; ${report.converted.toLocaleString()} rewritten, ${mb(report.textBytes)} of text in ${mb(report.storedBytes)}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await ctx.store.close();
  // VACUUM on a connection of its own, the dashboard's closed: moving to 16 KiB pages (ADR 21) needs
  // the file out of WAL mode while it is rewritten.
  const raw = new Database(db);
  try {
    installTraceCodec(raw);
    const free = raw.pragma("freelist_count", { simple: true }) as number;
    const page = raw.pragma("page_size", { simple: true }) as number;
    const vacuumStart = Date.now();
    if (page !== PAGE_SIZE) {
      console.log(
        `VACUUM: giving ${mb(free * page)} of free pages back to the disk, and moving from ${page / 1024} KiB pages to ${PAGE_SIZE / 1024} KiB…`,
      );
      raw.pragma("journal_mode = DELETE");
      raw.pragma(`page_size = ${PAGE_SIZE}`);
      raw.exec("VACUUM");
      raw.pragma("journal_mode = WAL");
    } else {
      console.log(`VACUUM: giving ${mb(free * page)} of free pages back to the disk…`);
      raw.exec("VACUUM");
      raw.pragma("wal_checkpoint(TRUNCATE)");
    }
    console.log(`${db}: ${mb(before)} → ${mb(size())} (VACUUM ${((Date.now() - vacuumStart) / 1000).toFixed(1)} s)`);
  } finally {
    raw.close();
  }
}

main().catch((e) => {
  console.error(`compact failed: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
