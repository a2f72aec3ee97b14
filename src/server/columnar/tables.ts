import "server-only";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { runFacts, turnFacts } from "@db/schema/runFacts";
import { TURN_FACTS_COLUMNS, turnFactsSelect } from "@db/runFacts";
import { turns } from "@db/schema/runs";

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
   * condition on a run id column, whose parameters the caller binds once.
   */
  select: (runs: (col: string) => string) => string;
  /** The column naming the run a row belongs to, for deleting a run's rows. */
  runColumn: string;
  /**
   * Copied from SQLite (true), or computed inside DuckDB from the copied tables (turn_facts: turns
   * joined to run_facts, by SQLite's own definition, `deriveTurnFacts`), which spares a full load
   * reading 19 columns per turn through Node: most of the values it would otherwise read.
   */
  copied: boolean;
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
    copied: true,
    derived: [startedMs],
  },
  {
    name: "turn_facts",
    columns: turnFactsCols,
    select: (runs) => `SELECT ${list(turnFactsCols, "f")} FROM turn_facts f WHERE ${runs("f.run_id")}`,
    runColumn: "run_id",
    copied: false,
    derived: [],
  },
  {
    // The progress view's inputs (each call's milestones and ok flag, JSON arrays in the current
    // score), for the runs of tasks with milestones only; the copy reads them as lists.
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
    copied: true,
    derived: [],
  },
  {
    name: "turns",
    columns: turnCols,
    select: (runs) =>
      `SELECT ${list(turnCols, "t")} FROM turns t WHERE t.run_id IN (SELECT f.id FROM run_facts f WHERE ${runs("f.id")})`,
    runColumn: "run_id",
    copied: true,
    derived: [],
  },
];

export const COPIED = MIRRORED.filter((t) => t.copied);

/** turn_facts' rows of the runs `where` selects (over `run_facts f`), computed in DuckDB as SQLite's triggers compute them. */
export const deriveTurnFacts = (where: string) =>
  `INSERT INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", where)}`;

export function createTableSql(t: MirroredTable, name = t.name): string {
  const cols = [...t.columns, ...t.derived];
  return `CREATE TABLE "${name}" (${cols.map((c) => `"${c.name}" ${DUCK_TYPE[c.kind]}`).join(", ")})`;
}
