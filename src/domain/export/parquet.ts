import { EXPORT_COLUMNS, type Cell, type ExportColumn } from "./columns";
import { CALL_COLUMNS, TURN_COLUMNS } from "./tables";

/**
 * The typed columns of runs.parquet, turns.parquet and calls.parquet (issue 35.4): the CSVs'
 * columns in the same order, each with the type a notebook should get without parsing text:
 * booleans as booleans, counts and milliseconds as 64-bit integers, `started_at` as a timestamp
 * with time zone, a median (which may fall halfway) as a double. Text cells are the values
 * themselves: no formula-injection quote, that is the CSV's defence for spreadsheets.
 */
export type ColumnType = "text" | "boolean" | "bigint" | "double" | "timestamp";

const INT: ColumnType = "bigint";
export const RUN_TYPES: Record<ExportColumn, ColumnType> = {
  run_id: "text",
  session_id: "text",
  session_name: "text",
  trial: "boolean",
  task_id: "text",
  task_version: INT,
  task_group: "text",
  held_out: "boolean",
  config_id: "text",
  config_version: INT,
  repeat: INT,
  attempt: INT,
  device_id: "text",
  device_model: "text",
  build_commit: "text",
  model: "text",
  started_at: "timestamp",
  passed: "boolean",
  outcome: "text",
  looping: "boolean",
  milestones_reached: INT,
  milestones_total: INT,
  startup_tokens: INT,
  load_ms: INT,
  first_ttft_ms: INT,
  median_turn_ms: "double",
  turn_count: INT,
  tool_call_count: INT,
  failed_tool_call_count: INT,
  repatches: INT,
  peak_context_tokens: INT,
  context_window: INT,
  output_tokens: INT,
  thermal_at_start: "text",
  charging: "boolean",
  superseded: "boolean",
  end_reason: "text",
  failed_checks: "text",
  wall_ms: INT,
  reply: "text",
};

export const TURN_TYPES: Record<(typeof TURN_COLUMNS)[number], ColumnType> = {
  run_id: "text",
  turn: INT,
  prompt_tokens: INT,
  context_tokens: INT,
  ttft_ms: INT,
  output_tokens: INT,
  decode_ms: INT,
  tool_calls: INT,
};

export const CALL_TYPES: Record<(typeof CALL_COLUMNS)[number], ColumnType> = {
  run_id: "text",
  turn: INT,
  call: INT,
  tool: "text",
  args: "text",
  ok: "boolean",
  ms: INT,
  files_changed: "text",
};

export interface TypedColumn {
  name: string;
  type: ColumnType;
}

const typed = <C extends string>(columns: readonly C[], types: Record<C, ColumnType>): TypedColumn[] =>
  columns.map((name) => ({ name, type: types[name] }));

/** The three Parquet tables' columns, in their CSVs' order. */
export const PARQUET_TABLES = {
  runs: typed(EXPORT_COLUMNS, RUN_TYPES),
  turns: typed(TURN_COLUMNS, TURN_TYPES),
  calls: typed(CALL_COLUMNS, CALL_TYPES),
} as const;
export type ParquetTable = keyof typeof PARQUET_TABLES;

/**
 * A cell as its column's type takes it, or an error naming the column: an integer column never
 * silently rounds a fraction, and a timestamp must parse.
 */
export function typedCell(column: TypedColumn, v: Cell): Cell | bigint {
  if (v === null) return null;
  switch (column.type) {
    case "text":
      return String(v);
    case "boolean":
      if (typeof v === "boolean") return v;
      throw new Error(`${column.name}: expected true or false, got ${JSON.stringify(v)}`);
    case "bigint":
      if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
      throw new Error(`${column.name}: expected a whole number, got ${JSON.stringify(v)}`);
    case "double":
      if (typeof v === "number") return v;
      throw new Error(`${column.name}: expected a number, got ${JSON.stringify(v)}`);
    case "timestamp":
      if (typeof v === "string" && Number.isFinite(Date.parse(v))) return v;
      throw new Error(`${column.name}: expected an ISO 8601 time, got ${JSON.stringify(v)}`);
  }
}
