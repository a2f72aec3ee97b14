/**
 * `npm run backup [-- --db PATH --out FILE --pages N]`: a consistent snapshot of the dashboard's
 * database, taken on a connection of its own while the dashboard keeps running. Default source
 * `DB_PATH` or ./data/harness-lab.db; default output ./data/backups/harness-lab-<UTC time>.db.
 * A PostgreSQL database (`DATABASE_URL` or `--db` postgres://…) is refused with the pg_dump command
 * to run instead, exit code 2 (scripts/lib/postgres-backup.ts).
 */
import path from "node:path";
import { REFUSED, postgresRefusal } from "./lib/postgres-backup";

const args = process.argv.slice(2);
const one = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The SQLite backup module, once loaded (after the PostgreSQL check). */
let backup: typeof import("../src/server/store/sqlite/backup") | undefined;

async function main() {
  const refusal = postgresRefusal("backup", one("--db"), process.env.DATABASE_URL, new Date());
  if (refusal) {
    console.error(refusal);
    process.exit(REFUSED);
  }
  // Loaded only now: a refused PostgreSQL backup never loads better-sqlite3.
  backup = await import("../src/server/store/sqlite/backup");
  const { BackupError, backupDatabase, backupName } = backup;
  const db = one("--db") ?? (process.env.DB_PATH || "./data/harness-lab.db");
  const out = one("--out") ?? path.join("data", "backups", backupName(new Date()));
  const pages = Number(one("--pages") ?? 1024);
  if (!Number.isInteger(pages) || pages < 1)
    throw new BackupError(`--pages must be a positive whole number, not ${one("--pages")}`);
  let lastShown = Date.now();
  const r = await backupDatabase(db, out, {
    pagesPerStep: pages,
    // Only large databases take long enough to be worth a progress line; at most one a second.
    onProgress: (p) => {
      if (Date.now() - lastShown < 1000) return;
      lastShown = Date.now();
      const copied = p.totalPages - p.remainingPages;
      console.log(`  ${copied}/${p.totalPages} pages (${Math.floor((100 * copied) / p.totalPages)}%)`);
    },
  });
  console.log(`backed up ${db} → ${r.file}: ${r.totalPages} pages in ${r.steps} steps, ${r.ms} ms`);
  console.log(
    `integrity_check: ${r.integrity}; runs ${r.counts.runs}, scores ${r.counts.scores}, traces ${r.counts.traces}`,
  );
}

main().catch((e) => {
  const plain = backup && e instanceof backup.BackupError;
  console.error(`backup failed: ${plain ? e.message : e instanceof Error ? e.stack : e}`);
  process.exit(1);
});
