import type { RunMetrics } from "./types";

/**
 * The metrics `scores` keeps in columns of their own (tool_calls, failed_tool_calls, turn_count,
 * first_ttft_ms, median_turn_ms, load_ms, startup_tokens, peak_context_tokens, output_tokens): the
 * `metrics` JSON beside them holds the rest only (ADR 21), and a reader puts the two back together.
 */
export const METRIC_COLUMNS = [
  "toolCalls",
  "failedToolCalls",
  "turns",
  "firstTtftMs",
  "medianTurnMs",
  "loadMs",
  "startupTokens",
  "peakContextTokens",
  "outputTokens",
] as const;

export type MetricColumns = Pick<RunMetrics, (typeof METRIC_COLUMNS)[number]>;

/** RunMetrics' fields in the order `metrics()` writes them, so a rebuilt object prints as the original did. */
const ORDER: readonly (keyof RunMetrics)[] = [
  "toolCalls",
  "failedToolCalls",
  "turns",
  "firstTtftMs",
  "medianTurnMs",
  "loadMs",
  "startupTokens",
  "peakContextTokens",
  "peakContextShare",
  "outputTokens",
  "contextEvents",
  "unparsedCallTurns",
];

const inColumns = new Set<string>(METRIC_COLUMNS);

/** The `metrics` JSON a score row stores: the metrics without the fields that have columns. */
export function storedMetrics(m: RunMetrics): string {
  return JSON.stringify(Object.fromEntries(Object.entries(m).filter(([k]) => !inColumns.has(k))));
}

/**
 * A score row's metrics from its `metrics` JSON and its columns. A row written before the JSON was
 * slimmed holds every field (it has `toolCalls`), and an imported run's holds `{"imported": true}`
 * (no `contextEvents`): both are answered as stored. Otherwise the columns' fields go back in.
 */
export function metricsOfRow(stored: string, columns: MetricColumns): Record<string, unknown> {
  const json = JSON.parse(stored) as Record<string, unknown>;
  if ("toolCalls" in json || !("contextEvents" in json)) return json;
  const out: Record<string, unknown> = {};
  for (const k of ORDER) out[k] = inColumns.has(k) ? columns[k as keyof MetricColumns] : json[k];
  for (const [k, v] of Object.entries(json)) if (!(k in out)) out[k] = v;
  return out;
}
