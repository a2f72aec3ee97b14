import { EXPORT_COLUMNS, camel, type ExportRow, type RunDetail } from "./columns";

// Each column's runs.json name, worked out once rather than per run (a regex per field per run).
const FIELDS = EXPORT_COLUMNS.map((c) => [c, camel(c)] as const);

/**
 * One run of runs.json: the export columns in camelCase, in column order (v1.1's `endReason`,
 * `failedChecks`, `wallMs` and `reply` among them), then the detail.
 */
export function jsonRun(row: ExportRow, detail: RunDetail): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [c, key] of FIELDS) out[key] = row[c];
  out.checks = detail.checks;
  out.progress = detail.progress;
  out.toolCalls = detail.toolCalls;
  out.turns = detail.turns;
  out.thermalAtEnd = detail.thermalAtEnd;
  out.batteryAtStart = detail.batteryAtStart;
  return out;
}

/** runs.json is written in pieces so it streams: this opening, the runs joined by ",\n", the closing. */
export const JSON_OPEN = '{"version":1,"runs":[\n';
export const JSON_CLOSE = "\n]}\n";
