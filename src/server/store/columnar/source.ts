import "server-only";
import type { RawRows } from "./copy";

/** A batch of runs' rows for a full load: the copied tables' rows of the runs after `after`, in id order. */
export interface Batch {
  /** The last run id in the batch: the next batch starts after it. */
  last: string;
  runs: number;
  tables: RawRows[];
}

/** What changed since a position: the runs named in the log, and their rows now, read together. */
export interface Delta {
  /** The position the copy is at once these rows are in. */
  to: string;
  ids: string[];
  tables: RawRows[];
}

/**
 * Where the columnar copy reads from (ADR 12): the database's `run_facts`, turns and `facts_log`,
 * each read consistent in itself (one read transaction or snapshot). A position is opaque to the
 * copy: SQLite's log sequence number, PostgreSQL's snapshot xmin, as text.
 */
export interface FactsSource {
  engine: "sqlite" | "postgres";
  /** Where the log stands now; a full load starts from here, so what changes during it is caught up after. */
  position(): Promise<string>;
  /** At most `limit` runs after `after` (in the engine's id order), with their rows. */
  batch(after: string, limit: number): Promise<Batch | null>;
  /**
   * The changes since `from`: null when nothing changed, "reload" when the log cannot say (pruned
   * past `from`, a rebuild's reset entry, or more than `reloadAbove` runs: a full load is cheaper).
   */
  delta(from: string, reloadAbove: number): Promise<Delta | "reload" | null>;
  /** Runs in `run_facts` now. */
  runs(): Promise<number>;
  /** False when the copy must not be read now (SQLite: inside a transaction of the shared connection). */
  usable(): boolean;
}
