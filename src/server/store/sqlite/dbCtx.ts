import "server-only";
import type { EventEmitter } from "node:events";
import type { Db } from "@db/client";

/**
 * What the SQLite adapter's synchronous bodies need: the connection, the clock (a score's
 * `created_at`) and the signal that queued work changed. Kept here, not in src/server/context.ts,
 * so the adapter depends on nothing above the store.
 */
export interface DbCtx {
  /** The database through drizzle; its `$client` is the better-sqlite3 connection. */
  drizzle: Db;
  now: () => number;
  /** Emits "jobs" whenever jobs may have become claimable (src/server/context.ts listens for it). */
  events: EventEmitter;
  /** Told of each trace written (the background compaction trains its dictionary once there are enough). */
  traceWritten?: () => void;
}
