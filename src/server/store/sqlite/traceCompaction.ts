import "server-only";
import type Database from "better-sqlite3";
import { compactTraces, compactionDue, type CompactReport } from "./compactTraces";

/** How many traces are written between two looks at whether a dictionary is due. */
const LOOK_EVERY = 64;

/**
 * The store's background compaction (compactTraces.ts): started when the store opens a database
 * that has bodies to rewrite or enough traces to train a dictionary on, looked at again every 64
 * traces written, one run at a time, and stopped (after its current window) when the store closes.
 */
export function traceCompaction(db: Database.Database, now: () => number) {
  const stop = { requested: false };
  let running: Promise<unknown> | null = null;
  let written = 0;
  // What every pass of this store did, added up (`npm run compact` prints it).
  const done: CompactReport = { converted: 0, textBytes: 0, storedBytes: 0, trained: null };
  const start = () => {
    if (running || stop.requested || !db.open || !compactionDue(db)) return;
    running = compactTraces(db, { now, stop })
      .then((r) => {
        done.converted += r.converted;
        done.textBytes += r.textBytes;
        done.storedBytes += r.storedBytes;
        done.trained = r.trained ?? done.trained;
      })
      .catch((e: unknown) => {
        if (!stop.requested)
          console.error(`Compacting the stored traces stopped: ${e instanceof Error ? e.message : e}`);
      })
      .finally(() => (running = null));
  };
  setImmediate(start);
  return {
    traceWritten() {
      if (++written % LOOK_EVERY === 0) setImmediate(start);
    },
    /** Runs the compaction to its end now, if there is anything to do (`npm run compact`, tests); what it did since the store opened. */
    async finish(): Promise<CompactReport> {
      // Training, then the rewrite it starts; a third pass only when a failure left work (it says why).
      for (let pass = 0; pass < 3; pass++) {
        await running;
        start();
        if (!running) break;
      }
      await running;
      return done;
    },
    async close() {
      stop.requested = true;
      await running;
    },
  };
}
