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

export interface MirroredTable {
  name: string;
  columns: MirroredColumn[];
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
const turnFactsCols = columnsOf(turnFacts);
const turnCols = columnsOf(turns);

/**
 * What the columnar mirror holds, with the drizzle schema as the one source of names and types:
 * `run_facts` and `turn_facts` whole, and `turns` of the runs in `run_facts` only (every analytics
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
  },
  {
    name: "turn_facts",
    columns: turnFactsCols,
    select: (runs) => `SELECT ${list(turnFactsCols, "f")} FROM turn_facts f WHERE ${runs("f.run_id")}`,
    runColumn: "run_id",
    copied: false,
  },
  {
    name: "turns",
    columns: turnCols,
    select: (runs) =>
      `SELECT ${list(turnCols, "t")} FROM turns t WHERE t.run_id IN (SELECT f.id FROM run_facts f WHERE ${runs("f.id")})`,
    runColumn: "run_id",
    copied: true,
  },
];

export const COPIED = MIRRORED.filter((t) => t.copied);

/** turn_facts' rows of the runs `where` selects (over `run_facts f`), computed in DuckDB as SQLite's triggers compute them. */
export const deriveTurnFacts = (where: string) =>
  `INSERT INTO turn_facts (${TURN_FACTS_COLUMNS}) ${turnFactsSelect("run_facts", where)}`;

export function createTableSql(t: MirroredTable, name = t.name): string {
  return `CREATE TABLE "${name}" (${t.columns.map((c) => `"${c.name}" ${DUCK_TYPE[c.kind]}`).join(", ")})`;
}
