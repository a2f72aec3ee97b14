/**
 * `npm run restore -- --from FILE [--db PATH] [--force]`: replaces the dashboard's database with a
 * backup. Stop the dashboard first: the restore refuses while another process has the target open (a
 * lock probe, see checkInUse in src/server/store/sqlite/backup.ts) unless --force. A PostgreSQL target
 * (`DATABASE_URL` or `--db` postgres://…) is refused with the pg_restore command, exit code 2.
 */
import { REFUSED, postgresRefusal } from "./lib/postgres-backup";

const args = process.argv.slice(2);
const one = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The SQLite backup module, once loaded (after the PostgreSQL check). */
let backup: typeof import("../src/server/store/sqlite/backup") | undefined;

async function main() {
  // Before better-sqlite3 is loaded or any file touched (scripts/lib/postgres-backup.ts).
  const refusal = postgresRefusal("restore", one("--db"), process.env.DATABASE_URL, new Date());
  if (refusal) {
    console.error(refusal);
    process.exit(REFUSED);
  }
  backup = await import("../src/server/store/sqlite/backup");
  const { BackupError, restoreDatabase } = backup;
  const from = one("--from");
  if (!from) throw new BackupError("Pass the backup to restore: npm run restore -- --from FILE [--db PATH] [--force]");
  const db = one("--db") ?? (process.env.DB_PATH || "./data/harness-lab.db");
  const force = args.includes("--force");
  const r = restoreDatabase(from, db, { force });
  if (r.usage.probeError) console.log(`note: could not probe ${db} for other users (${r.usage.probeError})`);
  if (r.usage.locked)
    console.log(
      `warning: ${db} was open in another process (--force): restart that dashboard now, or it keeps writing to the replaced file.`,
    );
  else if (r.usage.walBytes > 0)
    console.log(
      `note: ${db}-wal held ${r.usage.walBytes} bytes left by a dashboard stopped without closing the database; replaced with the rest.`,
    );
  console.log(
    `restored ${from} → ${db}: integrity_check ${r.integrity}; runs ${r.counts.runs}, scores ${r.counts.scores}, traces ${r.counts.traces}`,
  );
}

main().catch((e) => {
  const plain = backup && e instanceof backup.BackupError;
  console.error(`restore failed: ${plain ? e.message : e instanceof Error ? e.stack : e}`);
  process.exit(1);
});
