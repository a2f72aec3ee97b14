import "server-only";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { TURN_FACTS_COLUMNS, turnFactsSelect } from "@db/runFacts";
import { runFacts, turnFacts, turns } from "@db/schema";

/** A column's kind, as the drizzle schema declares it: DuckDB's type for it, and how values are converted (copy.ts). */
export type Kind = "text" | "int" | "bool" | "real";

export interface MirroredColumn {
  name: string;
  kind: Kind;
}

/** A column the copy adds to a table, computed in Node from the row's copied values as it is appended. */
export interface DerivedColumn extends MirroredColumn {
  /** The copied column it is computed from. */
  from: string;
  compute: (value: unknown) => unknown;
}

export interface MirroredTable {
  name: string;
  /** The columns read from the database, in this order. */
  columns: MirroredColumn[];
  /** Columns the copy adds after them (copy.ts computes them while appending). */
  derived: DerivedColumn[];
  /**
   * The database's rows of this table that belong in the mirror, for the runs `runs(col)` selects: a
   * condition on a run id column, whose parameters the caller binds once. Null for a table the
   * database does not have (run_calls).
   */
  select: ((runs: (col: string) => string) => string) | null;
  /** The column naming the run a row belongs to, for deleting a run's rows. */
  runColumn: string;
  /**
   * Absent for a table copied from the database. Present for one computed inside DuckDB from the
   * copied tables: the INSERT that computes its rows for the runs `runs(col)` selects (turn_facts:
   * turns joined to run_facts by SQLite's own definition, which spares a full load reading 19
   * columns per turn through Node; run_calls).
   */
  derive?: (runs: (col: string) => string) => string;
}

const DUCK_TYPE: Record<Kind, string> = { text: "VARCHAR", int: "BIGINT", bool: "BOOLEAN", real: "DOUBLE" };

function columnsOf(table: SQLiteTable): MirroredColumn[] {
  return getTableConfig(table).columns.map((c) => ({
    name: c.name,
    kind:
      c.columnType === "SQLiteBoolean"
        ? "bool"
        : c.columnType === "SQLiteInteger"
          ? "int"
          : c.columnType === "SQLiteReal"
            ? "real"
            : "text",
  }));
}

const list = (cols: MirroredColumn[], alias: string) => cols.map((c) => `${alias}."${c.name}"`).join(", ");

const factsCols = columnsOf(runFacts);

/** The most milestones a run reached: the largest of its progress list (0 with no call). */
const reached: DerivedColumn = {
  name: "reached",
  kind: "int",
  from: "progress",
  compute: (v) => {
    try {
      const list = JSON.parse(String(v)) as unknown;
      return Array.isArray(list) ? BigInt(list.reduce((m: number, x) => Math.max(m, Number(x) || 0), 0)) : null;
    } catch {
      return null;
    }
  },
};

/**
 * `started_ms`: a run's start as ms since the epoch, by `Date.parse`, the function the domain
 * orders runs in time with (throttling, cost). Computed once as a run is copied, so the copy's
 * statements can order and difference start times without reading a string per run into Node;
 * the database keeps only the trace's text (null where it does not parse, which a stored trace's
 * validated time always does).
 */
const startedMs: DerivedColumn = {
  name: "started_ms",
  kind: "int",
  from: "started_at",
  compute: (v) => {
    const ms = typeof v === "string" ? Date.parse(v) : NaN;
    return Number.isFinite(ms) ? BigInt(ms) : null;
  },
};
const turnFactsCols = columnsOf(turnFacts);
const turnCols = columnsOf(turns);

/**
 * What the columnar mirror holds, with the drizzle schema as the one source of names and types:
 * `run_facts` and `turn_facts` whole, the progress of runs with milestones (`run_progress`), and
 * `turns` of the runs in `run_facts` only (every analytics
 * statement reads turns joined to run_facts, so the other turns would never count). The three
 * change together: a turn written updates its run's `run_facts` row, which the log names.
 */
export const MIRRORED: MirroredTable[] = [
  {
    name: "run_facts",
    columns: factsCols,
    select: (runs) => `SELECT ${list(factsCols, "f")} FROM run_facts f WHERE ${runs("f.id")}`,
    runColumn: "id",
    derived: [startedMs],
  },
  {
    name: "turn_facts",
    columns: turnFactsCols,
    select: (runs) => `SELECT ${list(turnFactsCols, "f")} FROM turn_facts f WHERE ${runs("f.run_id")}`,
    runColumn: "run_id",
    derived: [],
    derive: (runs) => `INSERT INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", runs("f.id"))}`,
  },
  {
    // The progress view's inputs (each call's milestones and ok flag, JSON arrays in the current
    // score), for the runs of tasks with milestones only; run_calls is computed from them.
    name: "run_progress",
    columns: [
      { name: "run_id", kind: "text" },
      { name: "progress", kind: "text" },
      { name: "call_ok", kind: "text" },
    ],
    select: (runs) =>
      `SELECT f.id AS run_id, sc.progress, sc.call_ok FROM run_facts f JOIN scores sc ON sc.id = f.score_id
        WHERE f.milestones_total > 0 AND ${runs("f.id")}`,
    runColumn: "run_id",
    derived: [reached],
  },
  {
    // Each call of those runs as a row: its milestones so far and whether it failed (a missing or
    // short list of ok flags counts the call as succeeded, as `majorityPath` does). Computed in
    // DuckDB once per run copied, so the progress view counts rows instead of parsing lists.
    name: "run_calls",
    columns: [
      { name: "run_id", kind: "text" },
      { name: "k", kind: "int" },
      { name: "m", kind: "int" },
      { name: "failed", kind: "bool" },
    ],
    select: null,
    runColumn: "run_id",
    derived: [],
    derive: (runs) =>
      `INSERT INTO run_calls SELECT p.run_id, t.k, p.prog[t.k], COALESCE(NOT p.ok[t.k], FALSE)
         FROM (SELECT run_id, CAST(progress AS INTEGER[]) AS prog, CAST(call_ok AS BOOLEAN[]) AS ok
                 FROM run_progress WHERE ${runs("run_id")}) p, generate_series(1, len(p.prog)) AS t(k)`,
  },
  {
    name: "turns",
    columns: turnCols,
    select: (runs) =>
      `SELECT ${list(turnCols, "t")} FROM turns t WHERE t.run_id IN (SELECT f.id FROM run_facts f WHERE ${runs("f.id")})`,
    runColumn: "run_id",
    derived: [],
  },
];

/** A table read from the database: it has a select and no derive. */
export type CopiedTable = MirroredTable & { select: (runs: (col: string) => string) => string; derive?: undefined };
export const COPIED = MIRRORED.filter((t): t is CopiedTable => !t.derive && t.select !== null);

/** The tables computed in DuckDB from the copied ones (turn_facts by SQLite's own definition, run_calls). */
export const DERIVED = MIRRORED.filter(
  (t): t is MirroredTable & { derive: NonNullable<MirroredTable["derive"]> } => !!t.derive,
);

export function createTableSql(t: MirroredTable, name = t.name): string {
  const cols = [...t.columns, ...t.derived];
  return `CREATE TABLE "${name}" (${cols.map((c) => `"${c.name}" ${DUCK_TYPE[c.kind]}`).join(", ")})`;
}
