/**
 * Online backup and restore of the dashboard's SQLite file (`npm run backup` / `npm run restore`).
 * Plain Node + better-sqlite3, no Next.js and no `server-only`: the scripts and the tests call it
 * directly, and it never touches the dashboard's own connection.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";

export class BackupError extends Error {}

export interface Progress {
  step: number;
  totalPages: number;
  remainingPages: number;
}

export interface Summary {
  /** `PRAGMA integrity_check`'s answer: "ok", or the first problems it found. */
  integrity: string;
  counts: { runs: number; scores: number; traces: number };
}

export interface BackupResult extends Summary {
  file: string;
  totalPages: number;
  steps: number;
  ms: number;
}

/** `harness-lab-20261014T090000Z.db`: sorts by time, and has no `:` (not allowed in Windows names). */
export function backupName(at: Date): string {
  return `harness-lab-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.db`;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

const IntegrityRows = z.array(z.object({ integrity_check: z.string() }));
const CountRow = z.object({ n: z.number().int() });

/**
 * Opens `file`, runs `PRAGMA integrity_check` and counts the tables a Harness Lab database must
 * have. Throws a BackupError naming the file when it is not a database, is damaged, or lacks them.
 */
export function verifyDatabase(file: string, label = file): Summary {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    const rows = IntegrityRows.parse(db.pragma("integrity_check"));
    const integrity = rows.map((r) => r.integrity_check).join("; ");
    if (integrity !== "ok") throw new BackupError(`${label} failed PRAGMA integrity_check: ${integrity}`);
    const count = (table: string) => CountRow.parse(db!.prepare(`SELECT count(*) AS n FROM ${table}`).get()).n;
    return { integrity, counts: { runs: count("runs"), scores: count("scores"), traces: count("traces") } };
  } catch (e) {
    if (e instanceof BackupError) throw e;
    const why = /no such table/.test(message(e)) ? `not a Harness Lab database (${message(e)})` : message(e);
    throw new BackupError(`${label} is not a usable database: ${why}`);
  } finally {
    db?.close();
  }
}

/**
 * Copies `source` to `dest` with SQLite's online backup API while the dashboard keeps writing.
 *
 * Why a read transaction is held for the whole copy: between steps the backup API would notice
 * any commit made by another connection and start over, so with phones submitting every few
 * seconds a large copy might never finish. Holding one read transaction on our own connection
 * pins a snapshot (WAL lets writers carry on meanwhile), so the copy is exactly the database as
 * it stood when the backup started, in any number of steps. The cost: the WAL cannot be
 * checkpointed past that snapshot until the copy ends.
 *
 * The copy is written to `<dest>.partial`, verified, switched to a single self-contained file
 * (rollback journal; the dashboard turns WAL back on when it opens it) and only then renamed to
 * `dest`, so a `dest` that exists is always a complete, checked backup.
 */
export async function backupDatabase(
  source: string,
  dest: string,
  opts: {
    pagesPerStep?: number;
    /**
     * After each step. Returning `"hold"` copies nothing in the next step (the snapshot stays open
     * and the event loop keeps turning): a test holds the copy until writers have written.
     */
    onProgress?: (p: Progress) => void | "hold";
  } = {},
): Promise<BackupResult> {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: pass --db PATH or set DB_PATH.`);
  if (fs.existsSync(dest)) throw new BackupError(`${dest} already exists; refusing to overwrite a backup.`);
  fs.mkdirSync(path.dirname(path.resolve(dest)), { recursive: true });
  const partial = `${dest}.partial`;
  fs.rmSync(partial, { force: true });
  const pages = opts.pagesPerStep ?? 1024;
  const started = Date.now();
  let steps = 0;
  let held = false;
  // Read-write (but query_only) rather than readonly: a read-only connection that is the last
  // one on the file cannot clean up the -wal/-shm it creates.
  let src: Database.Database;
  try {
    src = new Database(source, { fileMustExist: true });
    src.pragma("query_only = ON");
    src.pragma("busy_timeout = 5000");
    // Synchronously, before any await: the snapshot is the database at the moment of this call.
    src.exec("BEGIN");
    src.prepare("SELECT count(*) FROM sqlite_schema").get();
  } catch (e) {
    throw new BackupError(`Cannot open ${source}: ${message(e)}`);
  }
  try {
    const done = await src.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        if (!held) steps++;
        held = opts.onProgress?.({ step: steps, totalPages, remainingPages }) === "hold";
        return held ? 0 : pages;
      },
    });
    src.exec("COMMIT");
    const summary = verifyDatabase(partial, `the copy of ${source}`);
    const out = new Database(partial);
    out.pragma("journal_mode = DELETE");
    out.close();
    fs.renameSync(partial, dest);
    return { file: dest, totalPages: done.totalPages, steps: steps + 1, ms: Date.now() - started, ...summary };
  } catch (e) {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) fs.rmSync(f, { force: true });
    throw e instanceof BackupError ? e : new BackupError(`Backup of ${source} failed: ${message(e)}`);
  } finally {
    if (src.inTransaction) src.exec("ROLLBACK");
    src.close();
  }
}

export interface Usage {
  /** Bytes in `<target>-wal` before the probe: commits not yet copied into the main file. */
  walBytes: number;
  /** Another connection holds the file: an exclusive lock could not be taken. */
  locked: boolean;
  /** Why the lock probe could not tell (e.g. the target itself is damaged), if it could not. */
  probeError?: string;
}

/**
 * Does a dashboard (or any other process) have `target` open? Decided by a lock probe: open it
 * and take an exclusive lock without waiting (`locking_mode=EXCLUSIVE`, `BEGIN EXCLUSIVE`). Every
 * open connection on a WAL database keeps a shared lock on the file, even when idle, so
 * SQLITE_BUSY means some process has it open; a crashed process holds no lock.
 *
 * A non-empty `-wal` is reported but does not decide: `next start` never closes its connection,
 * so a dashboard stopped with Ctrl-C leaves its WAL behind (4.2 MB after the 792-run check in
 * docs/reliability.md); refusing on it would refuse after every normal stop. When nobody holds
 * the file, the probe is the last connection and SQLite folds that WAL into the file as it closes.
 */
export function checkInUse(target: string): Usage {
  const wal = `${target}-wal`;
  const walBytes = fs.existsSync(wal) ? fs.statSync(wal).size : 0;
  if (!fs.existsSync(target)) return { walBytes, locked: false };
  let db: Database.Database | undefined;
  try {
    db = new Database(target, { fileMustExist: true, timeout: 0 });
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return { walBytes, locked: false };
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return { walBytes, locked: true };
    return { walBytes, locked: false, probeError: message(e) };
  } finally {
    db?.close();
  }
}

export interface RestoreResult extends Summary {
  target: string;
  usage: Usage;
}

/**
 * Replaces `target` with the backup `from`: verifies a copy of the backup next to the target (so
 * the backup itself is never opened for writing, and a bad backup never touches the target),
 * refuses when the target is in use (unless `force`), deletes the target's stale
 * -wal/-shm/-journal (SQLite would otherwise replay the old database's pages onto the restored
 * one) and renames the copy over the target, which is atomic on one filesystem: the target is
 * either the old file or the whole backup.
 */
export function restoreDatabase(from: string, target: string, opts: { force?: boolean } = {}): RestoreResult {
  if (!fs.existsSync(from)) throw new BackupError(`No backup at ${from}.`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const tmp = `${target}.restore-${process.pid}.tmp`;
  try {
    fs.copyFileSync(from, tmp);
    const summary = verifyDatabase(tmp, from);
    const usage = checkInUse(target);
    if (usage.locked && !opts.force) {
      throw new BackupError(
        `Refusing to restore over ${target}: another process holds a lock on it, so a dashboard (or another tool) has it open. Stop the dashboard and try again, or pass --force to replace it anyway.`,
      );
    }
    for (const f of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) fs.rmSync(f, { force: true });
    fs.renameSync(tmp, target);
    return { target, usage, ...summary };
  } catch (e) {
    throw e instanceof BackupError ? e : new BackupError(`Restore of ${from} failed: ${message(e)}`);
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`, `${tmp}-journal`]) fs.rmSync(f, { force: true });
  }
}
