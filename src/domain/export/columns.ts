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
  // v1.1 (protocol.md §4), after the v1 columns so scripts reading columns by position keep working.
  "end_reason",
  "failed_checks",
  "wall_ms",
  "reply",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export type Cell = string | number | boolean | null;
export type ExportRow = Record<ExportColumn, Cell>;

/** The v1.1 cell `failed_checks`: the ids of the checks that failed, in check order, `;`-separated ("" when none failed). */
export function failedChecks(checks: readonly { id: string; passed: boolean }[]): string {
  return checks
    .filter((c) => !c.passed)
    .map((c) => c.id)
    .join(";");
}

/**
 * The v1.1 cell `wall_ms`: `endedAt − startedAt` of the trace in milliseconds; null when either
 * time is missing or not a date (an import from before v1.1 has no end time). Not clamped: a
 * negative value says the device's clock stepped back, which a reader should see.
 */
export function wallMs(startedAt: string | null, endedAt: string | null): number | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) ? ms : null;
}

/** snake_case → camelCase, for runs.json field names. */
export function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

export interface RunDetail {
  checks: { id: string; passed: boolean }[];
  progress: number[];
  toolCalls: { name: string; args: unknown; ok: boolean; ms: number | null }[];
  turns: { promptTokens: number; contextTokens: number; ttftMs: number; outputTokens: number; decodeMs: number }[];
  /** Trace `conditions.thermalAtEnd` and `conditions.battery` (at the run's start); null when not reported. */
  thermalAtEnd: string | null;
  batteryAtStart: number | null;
}
