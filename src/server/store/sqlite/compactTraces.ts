import path from "node:path";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { addDictionary, currentDictionary, storedBody, traceEncoding, traceText } from "@db/traceCodec.mjs";
import type { TrainedDictionary } from "@db/traceDictionary.mjs";

/**
 * The background compaction of trace bodies on SQLite (issue 35.5, ADR 20). New bodies are
 * written compressed (db/traceCodec.mjs); this
 *   1. trains the database's dictionary once it holds `minRuns` traces (from a sample spread over
 *      them, in a worker thread) and keeps it when it saves at least 10% over deflate alone, and
 *   2. rewrites the bodies stored before the current encoding (a database of an earlier version
 *      holds them as text) a window of rowids at a time, one short transaction per window, with a
 *      turn of the event loop between, so the dashboard answers throughout. Each body is checked
 *      to read back as the same text before it replaces the old one.
 * Where it stands is kept in `trace_compaction`, so a restart goes on where it stopped.
 *
 * Rewriting frees pages inside the file; SQLite reuses them for new rows, and `npm run compact`
 * (VACUUM) gives them back to the disk.
 */
export interface CompactionState {
  encoding: string;
  start_rowid: number;
  converted_through: number;
  trained_at: number;
}

export interface CompactReport {
  /** Bodies rewritten in the current encoding. */
  converted: number;
  /** Text bytes of those bodies, and what they take now. */
  textBytes: number;
  storedBytes: number;
  /** The dictionary trained by this call, if one was. */
  trained: (Omit<TrainedDictionary, "bytes"> & { id: string; bytes: number }) | null;
}

export interface CompactOptions {
  now: () => number;
  /** Traces needed before a dictionary is trained (default 256); it is trained again once they double. */
  minRuns?: number;
  /** Bodies sampled for training (default 96: two thirds train, one third is held out to measure). */
  samples?: number;
  /**
   * Rowids looked at per transaction (default 64); a transaction also ends once it has taken
   * `sliceMs` (default 25 ms: the event loop is never held long, however busy the machine).
   */
  window?: number;
  sliceMs?: number;
  /** Called after each window with the rows done and to do. */
  onProgress?: (p: { through: number; of: number; converted: number }) => void;
  /** Set to stop after the current window (the store's close). */
  stop?: { requested: boolean };
  /** How the dictionary is trained: in a worker thread unless given (the seed and tests train in place). */
  train?: (samples: string[]) => Promise<TrainedDictionary | null>;
}

export const compactionState = (db: Database.Database) =>
  db.prepare("SELECT * FROM trace_compaction WHERE id = 1").get() as CompactionState | undefined;

const lastRowid = (db: Database.Database) =>
  db.prepare("SELECT COALESCE(MAX(rowid), 0) FROM traces").pluck().get() as number;

/** Whether compactTraces has anything to do: a dictionary to train, or bodies to rewrite. */
export function compactionDue(db: Database.Database, minRuns = 256): boolean {
  const s = compactionState(db);
  if (!s) return false;
  if (s.converted_through < s.start_rowid) return true;
  return !currentDictionary(db) && lastRowid(db) >= Math.max(minRuns, 2 * s.trained_at);
}

export async function compactTraces(db: Database.Database, opts: CompactOptions): Promise<CompactReport> {
  const report: CompactReport = { converted: 0, textBytes: 0, storedBytes: 0, trained: null };
  const minRuns = opts.minRuns ?? 256;
  let state = compactionState(db);
  if (!state) return report;
  const last = lastRowid(db);
  if (!currentDictionary(db) && last >= Math.max(minRuns, 2 * state.trained_at)) {
    const samples = sample(db, last, opts.samples ?? 96);
    const trained = await (opts.train ?? trainOffThread)(samples);
    if (opts.stop?.requested) return report;
    if (trained) {
      const dict = addDictionary(db, trained.bytes, { samples: samples.length, now: opts.now() });
      report.trained = { ...trained, id: dict.id, bytes: trained.bytes.length };
    } else db.prepare("UPDATE trace_compaction SET trained_at = ?").run(last);
    state = compactionState(db)!;
  }
  const target = currentDictionary(db);
  const encoding = target?.id ?? "deflate";
  const window = opts.window ?? 64;
  const sliceMs = opts.sliceMs ?? 25;
  const select = db.prepare("SELECT rowid AS id, body FROM traces WHERE rowid > ? AND rowid <= ? ORDER BY rowid");
  const update = db.prepare("UPDATE traces SET body = ? WHERE rowid = ?");
  const advance = db.prepare("UPDATE trace_compaction SET converted_through = ? WHERE encoding = ?");
  let through = state.converted_through;
  while (through < state.start_rowid && !opts.stop?.requested) {
    const upTo = Math.min(through + window, state.start_rowid);
    through = db.transaction(() => {
      const started = performance.now();
      let reached = upTo;
      for (const row of select.all(through, upTo) as { id: number; body: string | Buffer }[]) {
        if (performance.now() - started > sliceMs) {
          reached = row.id - 1;
          break;
        }
        if (traceEncoding(row.body) === encoding) continue;
        const text = traceText(db, row.body);
        const stored = storedBody(db, text);
        if (typeof stored === "string" && typeof row.body === "string") continue; // kept as text: it did not read back the same
        update.run(stored, row.id);
        report.converted++;
        report.textBytes += Buffer.byteLength(text);
        report.storedBytes += typeof stored === "string" ? Buffer.byteLength(stored) : stored.length;
      }
      advance.run(reached, encoding);
      return reached;
    })();
    opts.onProgress?.({ through, of: state.start_rowid, converted: report.converted });
    await new Promise((r) => setImmediate(r));
  }
  return report;
}

/** Up to `n` bodies spread evenly over the rowids 1..last, oldest first. */
function sample(db: Database.Database, last: number, n: number): string[] {
  const ids = [...new Set(Array.from({ length: n }, (_, i) => Math.max(1, Math.round(((i + 1) * last) / n))))];
  const rows = db
    .prepare(
      `SELECT CAST(trace_utf8(body) AS TEXT) FROM traces WHERE rowid IN (${ids.map(() => "?").join(", ")}) ORDER BY rowid`,
    )
    .pluck()
    .all(...ids) as string[];
  return rows;
}

/** trainDictionary in a worker thread (db/traceTrainer.mjs): a few hundred milliseconds the server is not held through. */
function trainOffThread(samples: string[]): Promise<TrainedDictionary | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "traceTrainer.mjs"), {
      workerData: { samples },
    });
    worker.once("message", (m: (Omit<TrainedDictionary, "bytes"> & { bytes: Uint8Array }) | null) => {
      resolve(m && { ...m, bytes: Buffer.from(m.bytes) });
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the trace dictionary trainer stopped (exit code ${code})`)));
  });
}
