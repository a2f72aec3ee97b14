import "server-only";
import { EventEmitter } from "node:events";
import { openDb, DEFAULT_DB_PATH, type Db } from "@db/client";
import { newId, type IdPrefix } from "./ids";

/** What every service needs: the database, the time, and a signal that queued work changed. */
export interface Ctx {
  db: Db;
  now: () => number;
  /** Emits "jobs" whenever jobs may have become claimable (new session, re-queued job). */
  events: EventEmitter;
  /** New record ids (`run_…`); tests swap in a deterministic sequence for golden files. */
  newId: (prefix: IdPrefix) => string;
}

const g = globalThis as unknown as { __harnessLabCtx?: Ctx };

export function createContext(
  dbPath: string,
  now: () => number = Date.now,
  ids: (prefix: IdPrefix) => string = newId,
): Ctx {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return { db: openDb(dbPath), now, events, newId: ids };
}

/** The process-wide context for `DB_PATH` (default `./data/harness-lab.db`). */
export function getContext(): Ctx {
  if (!g.__harnessLabCtx) g.__harnessLabCtx = createContext(process.env.DB_PATH || DEFAULT_DB_PATH);
  return g.__harnessLabCtx;
}

/** Tests swap in a context with their own database file and clock. */
export function setContext(ctx: Ctx | undefined): void {
  g.__harnessLabCtx = ctx;
}
