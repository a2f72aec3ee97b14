import "server-only";
import os from "node:os";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { SqlRunner } from "../sql";
import { appendRows, tableAppender } from "./copy";
import type { FactsSource } from "./source";
import { connectionPool, duckSql, type ConnectionPool } from "./duckSql";
import { COPIED, DERIVED, MIRRORED, createTableSql } from "./tables";

/** What the mirror is doing, for the status line and the tests. */
export interface MirrorStatus {
  state: "idle" | "loading" | "ready" | "failed" | "closed";
  /** The log position the mirror reflects (SQLite: a sequence number; PostgreSQL: a snapshot's xmin). */
  position: string;
  /** Runs in the mirror as of its last load. */
  loadedRuns: number;
  /** How long the last full load took. */
  loadMs: number | null;
  /** Full loads after the first (a rebuild, a log pruned past the mirror). */
  reloads: number;
  /** Statements that failed in DuckDB (each logged; on SQLite answered by SQLite instead). */
  fallbacks: number;
  error: string | null;
}

export interface MirrorOptions {
  /** At most this many runs in the database, a reader waits for the first load instead of reading the database meanwhile. */
  waitBelowRuns?: number;
  /** Changed runs past this many since the last catch-up: a full reload is cheaper than the delta. */
  reloadAbove?: number;
  /** Runs copied per batch of a full load; the event loop is free between batches. */
  batch?: number;
  log?: (line: string) => void;
}

interface Generation {
  instance: DuckDBInstance;
  pool: ConnectionPool;
  writer: DuckDBConnection;
  runner: SqlRunner;
  position: string;
}

/**
 * The columnar mirror of the analytics summaries (ADR 12): `run_facts`, `turn_facts` and the turns
 * of those runs, copied into DuckDB in memory and kept in step with the database through
 * `facts_log`, the run ids whose facts changed, written by triggers in the same transaction as the
 * change (rendered from db/facts/definition.ts, ADR 17). Before each read the mirror applies every
 * change past its position (the changed runs' rows, read in one consistent read, replace theirs in
 * one DuckDB transaction), so a read sees every commit that preceded it. The database stays the
 * source of truth: until the first load is done, while a reload runs, or when DuckDB is not there,
 * `reader()` answers null and the caller reads the database, which gives the same numbers.
 */
export function createFactsMirror(source: FactsSource, opts: MirrorOptions = {}) {
  const waitBelow = opts.waitBelowRuns ?? 20_000;
  const reloadAbove = opts.reloadAbove ?? 20_000;
  const batch = opts.batch ?? 2_000;
  const log = opts.log ?? ((line: string) => console.warn(`[harness-lab] ${line}`));
  const status: MirrorStatus = {
    state: "idle",
    position: "",
    loadedRuns: 0,
    loadMs: null,
    reloads: 0,
    fallbacks: 0,
    error: null,
  };
  let gen: Generation | null = null;
  let loading: Promise<void> | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  let closed = false;

  async function newGeneration(): Promise<Generation> {
    const instance = await DuckDBInstance.create(":memory:", {
      threads: String(Math.max(1, os.availableParallelism())),
    });
    const writer = await instance.connect();
    // `/` of integers truncates, as on SQLite and PostgreSQL (the services' SQL is written for both).
    await writer.run("SET GLOBAL integer_division = true");
    for (const t of MIRRORED) await writer.run(createTableSql(t));
    const pool = connectionPool(instance);
    return { instance, pool, writer, runner: duckSql(pool), position: "" };
  }

  function closeGeneration(g: Generation) {
    // A statement still running on it finishes first: its pool closes connections as they come back.
    g.pool.close();
    setTimeout(() => {
      try {
        g.writer.closeSync();
        g.instance.closeSync();
      } catch {
        // already closed
      }
    }, 30_000).unref();
  }

  /** Copies every run's rows in batches of run ids; changes meanwhile are in the log past the starting position. */
  async function fullLoad(): Promise<void> {
    const started = performance.now();
    const g = await newGeneration();
    try {
      g.position = await source.position();
      let after = "";
      let runs = 0;
      const appenders = await Promise.all(COPIED.map((t) => tableAppender(g.writer, t.name, t)));
      try {
        for (;;) {
          if (closed) throw new Error("the mirror was closed while loading");
          const rows = await source.batch(after, batch);
          if (!rows) break;
          appenders.forEach((a, i) => a.append(rows.tables[i]));
          after = rows.last;
          runs += rows.runs;
          await new Promise((r) => setImmediate(r));
        }
      } finally {
        for (const a of appenders) a.close();
      }
      for (const t of DERIVED) await g.writer.run(t.derive(() => "TRUE"));
      status.loadedRuns = runs;
      status.loadMs = performance.now() - started;
      if (closed) throw new Error("the mirror was closed while loading");
      const previous = gen;
      gen = g;
      if (previous) closeGeneration(previous);
    } catch (err) {
      closeGeneration(g);
      throw err;
    }
  }

  function startLoad(): Promise<void> {
    if (!loading) {
      status.state = "loading";
      loading = fullLoad()
        .then(() => {
          status.state = "ready";
          status.position = gen?.position ?? "";
          status.error = null;
        })
        .catch((err: unknown) => {
          status.state = closed ? "closed" : "failed";
          status.error = err instanceof Error ? err.message : String(err);
          if (!closed)
            log(
              `the columnar mirror of the analytics could not load; analytics read the database instead: ${status.error}`,
            );
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  /** Applies the log past the generation's position: "reload" when the log cannot say what changed. */
  async function catchUp(g: Generation): Promise<"ok" | "reload"> {
    const delta = await source.delta(g.position, reloadAbove);
    if (delta === null) return "ok";
    if (delta === "reload") return "reload";
    if (!delta.ids.length) {
      // PostgreSQL: the snapshot moved on with no entry to apply.
      g.position = delta.to;
      status.position = delta.to;
      return "ok";
    }
    const w = g.writer;
    // Staged first, then swapped in one transaction: a concurrent reader sees before or after.
    await w.run(`CREATE OR REPLACE TEMP TABLE changed (id VARCHAR)`);
    const appender = await w.createAppender("changed");
    for (const id of delta.ids) {
      appender.appendVarchar(id);
      appender.endRow();
    }
    appender.flushSync();
    appender.closeSync();
    for (const [k, t] of COPIED.entries()) {
      await w.run(createTableSql(t, `stage_${t.name}`).replace("CREATE TABLE", "CREATE OR REPLACE TEMP TABLE"));
      await appendRows(w, `stage_${t.name}`, t, delta.tables[k]);
    }
    await w.run("BEGIN TRANSACTION");
    try {
      for (const t of MIRRORED)
        await w.run(`DELETE FROM "${t.name}" WHERE "${t.runColumn}" IN (SELECT id FROM changed)`);
      for (const t of COPIED) await w.run(`INSERT INTO "${t.name}" SELECT * FROM "stage_${t.name}"`);
      for (const t of DERIVED) await w.run(t.derive((col) => `${col} IN (SELECT id FROM changed)`));
      await w.run("COMMIT");
    } catch (err) {
      await w.run("ROLLBACK").catch(() => undefined);
      throw err;
    }
    g.position = delta.to;
    status.position = delta.to;
    return "ok";
  }

  // Counted once per load: a large database's readers go to the database without counting again.
  let small: boolean | null = null;
  const smallEnough = async () => (small ??= (await source.runs()) <= waitBelow);

  /** `again`: this read has already waited for one reload; a second is left to run in the background. */
  async function reader(again = false): Promise<SqlRunner | null> {
    if (closed || status.state === "failed" || !source.usable()) return null;
    if (!gen) {
      const load = startLoad();
      if (!(await smallEnough())) return null;
      await load;
      if (!gen) return null;
    }
    const g = gen;
    const run = turn.then(() => catchUp(g));
    turn = run.catch(() => undefined);
    let result: "ok" | "reload";
    try {
      result = await run;
    } catch (err) {
      status.error = err instanceof Error ? err.message : String(err);
      log(
        `the columnar mirror could not apply the latest changes; reloading it (analytics read the database meanwhile): ${status.error}`,
      );
      result = "reload";
    }
    if (result === "ok") return g.runner;
    if (gen === g) {
      gen = null;
      small = null;
      status.reloads++;
      closeGeneration(g);
    }
    const load = startLoad();
    if (again || !(await smallEnough())) return null;
    await load;
    return gen ? reader(true) : null;
  }

  return {
    status: (): MirrorStatus => ({ ...status }),

    /** Loads the mirror if it is not loaded and waits for it (a dashboard at start, the benchmarks): its status then. */
    async ready(): Promise<MirrorStatus> {
      if (!gen && !closed && status.state !== "failed") await startLoad();
      await reader();
      return { ...status };
    },

    /**
     * A runner over the mirror with every committed change applied, or null: not loaded yet (a
     * large database loads in the background meanwhile), reloading, failed, or inside a SQLite
     * transaction of this connection (its uncommitted writes are not in the log's view).
     */
    reader: () => reader(),

    /** A statement DuckDB failed on, answered by the database (SQLite) or failed (PostgreSQL): counted and said. */
    fellBack(err: unknown, text: string, answered: boolean): void {
      status.fallbacks++;
      status.error = err instanceof Error ? err.message : String(err);
      log(
        `an analytics statement failed in the columnar mirror${answered ? " and was answered by SQLite" : ""} (${text.trim().slice(0, 80)}…): ${status.error}`,
      );
    },

    async close(): Promise<void> {
      closed = true;
      status.state = "closed";
      await loading?.catch(() => undefined);
      if (gen) {
        gen.pool.close();
        gen.writer.closeSync();
        gen.instance.closeSync();
        gen = null;
      }
    },
  };
}
