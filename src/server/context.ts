import "server-only";
import { EventEmitter } from "node:events";
import { newId, type IdPrefix } from "./ids";
import { isPostgresUrl } from "./store/engine";
import type { Store } from "./store/types";
import { createSqliteStore, DEFAULT_DB_PATH } from "./store/sqlite";

/** What every service needs: the store, the time, and a signal that queued work changed. */
export interface Ctx {
  /**
   * The one door to the data (src/server/store/types.ts): `sql` for rows, `facts()` for the
   * analytics, the aggregates for writes. Either engine.
   */
  store: Store;
  now: () => number;
  /** Emits "jobs" whenever jobs may have become claimable (new session, re-queued job). */
  events: EventEmitter;
  /** New record ids (`run_…`); tests swap in a deterministic sequence for golden files. */
  newId: (prefix: IdPrefix) => string;
}

const g = globalThis as unknown as { __harnessLabCtx?: Ctx; __harnessLabOpening?: Promise<Ctx> };

function newEvents(): EventEmitter {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return events;
}

/** A context on the SQLite file `dbPath` (the zero-set-up default engine). */
export function createContext(
  dbPath: string,
  now: () => number = Date.now,
  ids: (prefix: IdPrefix) => string = newId,
  opts: { columnar?: boolean } = {},
): Ctx {
  const events = newEvents();
  return { store: createSqliteStore(dbPath, { now, events }, opts), now, events, newId: ids };
}

/**
 * A context on PostgreSQL at `url`: a pool, migrations under the advisory lock and one LISTEN
 * connection (src/server/store/pg). The `pg` driver is imported here, on demand, so a SQLite
 * dashboard never loads it. Every service runs on it through the same store interface (ADR 9).
 */
export async function createPgContext(
  url: string,
  opts: { now?: () => number; ids?: (prefix: IdPrefix) => string; poolMax?: number; columnar?: boolean } = {},
): Promise<Ctx> {
  const { createPgStore } = await import("./store/pg");
  const events = newEvents();
  const store = await createPgStore(url, events, { poolMax: opts.poolMax, columnar: opts.columnar });
  return {
    store,
    now: opts.now ?? Date.now,
    events,
    newId: opts.ids ?? newId,
  };
}

/**
 * The process-wide context, once it exists: SQLite's is opened here on first use (`DB_PATH`,
 * default `./data/harness-lab.db`); PostgreSQL's (`DATABASE_URL=postgres://…`) needs a pool and
 * migrations first, so `openContext()` creates it before the server serves (server/main.ts,
 * instrumentation.ts), and asking before then is a bug said plainly.
 */
export function getContext(): Ctx {
  if (!g.__harnessLabCtx) {
    // Said plainly rather than silently opening a SQLite file beside a configured PostgreSQL.
    if (isPostgresUrl(process.env.DATABASE_URL))
      throw new Error(
        "The PostgreSQL context is not open yet: start the dashboard with `npm start` (server/main.ts opens it before serving), or await openContext() first.",
      );
    g.__harnessLabCtx = createContext(process.env.DB_PATH || DEFAULT_DB_PATH);
  }
  return g.__harnessLabCtx;
}

/**
 * Opens the process-wide context once, for either engine: PostgreSQL when `DATABASE_URL` is a
 * `postgres://` URL (its pool, migrations under the advisory lock, its LISTEN connection), else
 * the SQLite file. Concurrent callers share the one opening.
 */
export function openContext(): Promise<Ctx> {
  if (g.__harnessLabCtx) return Promise.resolve(g.__harnessLabCtx);
  const url = process.env.DATABASE_URL;
  g.__harnessLabOpening ??= (isPostgresUrl(url) ? createPgContext(url!) : Promise.resolve(getContext())).then(
    (ctx) => (g.__harnessLabCtx ??= ctx),
  );
  return g.__harnessLabOpening;
}

/** Tests swap in a context with their own database file and clock. */
export function setContext(ctx: Ctx | undefined): void {
  g.__harnessLabCtx = ctx;
  g.__harnessLabOpening = undefined;
}
