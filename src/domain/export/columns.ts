/**
 * The run export of protocol.md §4: one row per run, these columns in this order. `runs.json`
 * carries the same fields in camelCase plus the per-run detail in `RunDetail`.
 */
export const EXPORT_COLUMNS = [
  "run_id",
  "session_id",
  "session_name",
  "trial",
  "task_id",
  "task_version",
  "task_group",
  "held_out",
  "config_id",
  "config_version",
  "repeat",
  "attempt",
  "device_id",
  "device_model",
  "build_commit",
  "model",
  "started_at",
  "passed",
  "outcome",
  "looping",
  "milestones_reached",
  "milestones_total",
  "startup_tokens",
  "load_ms",
  "first_ttft_ms",
  "median_turn_ms",
  "turn_count",
  "tool_call_count",
  "failed_tool_call_count",
  "repatches",
  "peak_context_tokens",
  "context_window",
  "output_tokens",
  "thermal_at_start",
  "charging",
  "superseded",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export type Cell = string | number | boolean | null;
export type ExportRow = Record<ExportColumn, Cell>;

/** snake_case → camelCase, for runs.json field names. */
export function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export interface RunDetail {
  checks: { id: string; passed: boolean }[];
  progress: number[];
  toolCalls: { name: string; args: unknown; ok: boolean; ms: number | null }[];
  turns: { promptTokens: number; contextTokens: number; ttftMs: number; outputTokens: number; decodeMs: number }[];
  endReason: string;
  /** Trace `conditions.thermalAtEnd` and `conditions.battery` (at the run's start); null when not reported. */
  thermalAtEnd: string | null;
  batteryAtStart: number | null;
}
