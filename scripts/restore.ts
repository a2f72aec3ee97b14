/**
 * `npm run restore -- --from FILE [--db PATH] [--force]`: replaces the dashboard's database with a
 * backup. Stop the dashboard first: the restore refuses while the target seems in use (see
 * checkInUse in src/server/backup.ts) unless --force.
 */
import { BackupError, restoreDatabase } from "../src/server/backup";

const args = process.argv.slice(2);
const one = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};

try {
  const from = one("--from");
  if (!from) throw new BackupError("Pass the backup to restore: npm run restore -- --from FILE [--db PATH] [--force]");
  const db = one("--db") ?? (process.env.DB_PATH || "./data/harness-lab.db");
  const force = args.includes("--force");
  const r = restoreDatabase(from, db, { force });
  if (r.usage.probeError) console.log(`note: could not probe ${db} for other users (${r.usage.probeError})`);
  if (force && (r.usage.walBytes > 0 || r.usage.locked)) {
    console.log(`warning: ${db} looked in use (--force); restart any dashboard using it now, or it keeps writing to the replaced file.`);
  }
  console.log(`restored ${from} → ${db}: integrity_check ${r.integrity}; runs ${r.counts.runs}, scores ${r.counts.scores}, traces ${r.counts.traces}`);
} catch (e) {
  console.error(`restore failed: ${e instanceof BackupError ? e.message : e instanceof Error ? e.stack : e}`);
  process.exit(1);
}
