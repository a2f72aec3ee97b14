import "server-only";
import type Database from "better-sqlite3";

/**
 * Group commit. With `synchronous = FULL` every commit waits for an fsync (1–4 ms on a busy
 * disk), and the whole server waits with it, because better-sqlite3 is synchronous. Writes that
 * arrive together (the burst of claims when a session wakes 200 waiting phones, phones submitting
 * at once) are run in one transaction, each in its own savepoint so one failing write does not
 * undo the others, and every caller is answered after that single commit: a `201` still means
 * the run is durable, it just shares its fsync.
 *
 * A write joins the batch that is flushed on the next turn of the event loop (`setImmediate`),
 * i.e. after every request whose body has already arrived has had its turn. An idle server
 * therefore adds no waiting beyond one loop turn.
 */
interface Pending {
  fn: () => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const queues = new WeakMap<Database.Database, Pending[]>();

/** Runs `fn` (synchronous work on `db`) in the next group commit on `db`; resolves after the commit. */
export function groupCommit<T>(db: Database.Database, fn: () => T): Promise<T> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = []));
  const q = queue;
  return new Promise<T>((resolve, reject) => {
    q.push({ fn, resolve: resolve as (v: unknown) => void, reject });
    if (q.length === 1) setImmediate(() => flush(db, q));
  });
}

function flush(db: Database.Database, queue: Pending[]): void {
  const batch = queue.splice(0);
  const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    db.transaction(() => {
      for (const p of batch) {
        try {
          // A transaction inside a transaction is a savepoint in better-sqlite3.
          results.push({ ok: true, value: db.transaction(p.fn)() });
        } catch (error) {
          results.push({ ok: false, error });
        }
      }
    }).immediate();
  } catch (error) {
    // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
    for (const p of batch) p.reject(error);
    return;
  }
  batch.forEach((p, i) => {
    const r = results[i];
    if (r.ok) p.resolve(r.value);
    else p.reject(r.error);
  });
}
