import type { Cell } from "./columns";
import { csvLine } from "./csv";

/**
 * The notebook tables beside runs.csv (docs/api.md § Export): one row per turn and one row per
 * tool call, keyed by `run_id` so they join onto runs.csv in pandas or DuckDB. Rows come in the
 * export's run order (protocol.md §4), then turn, then call; quoting and formula neutralising are
 * the run export's (csvCell).
 */
export const TURN_COLUMNS = [
  "run_id",
  "turn",
  "prompt_tokens",
  "context_tokens",
  "ttft_ms",
  "output_tokens",
  "decode_ms",
  "tool_calls",
] as const;

export const CALL_COLUMNS = ["run_id", "turn", "call", "tool", "args", "ok", "ms", "files_changed"] as const;

export const TURNS_CSV_HEADER = csvLine([...TURN_COLUMNS]);
export const CALLS_CSV_HEADER = csvLine([...CALL_COLUMNS]);

/** The parts of a stored trace these tables read (a device's raw trace). */
export interface TraceTurn {
  promptTokens: number;
  contextTokens: number;
  ttftMs: number;
  outputTokens: number;
  decodeMs: number;
  toolCalls?: TraceCall[];
}
export interface TraceCall {
  name: string;
  args: unknown;
  ok: boolean;
  ms?: number | null;
  changes?: { path: string }[];
}

/**
 * What a run's `traces` row holds: the raw trace, or for an imported run the record the import
 * wrote (its turns without calls, and the calls without their turn: runs.json does not say which
 * turn made which call, nor which files a call changed).
 */
export type StoredRunTrace =
  { imported?: undefined; turns: TraceTurn[] } | { imported: true; turns: TraceTurn[]; toolCalls: TraceCall[] };

/** One turns row per turn: `turn` counts from 1, `tool_calls` is that turn's number of calls (null when unknown, for imports). */
export function turnRows(runId: string, trace: StoredRunTrace): Cell[][] {
  return trace.turns.map((t, i) => {
    const calls: Cell = trace.imported ? null : (t.toolCalls?.length ?? 0);
    return [runId, i + 1, t.promptTokens, t.contextTokens, t.ttftMs, t.outputTokens, t.decodeMs, calls];
  });
}

/** turns.csv's lines of one run. */
export function turnLines(runId: string, trace: StoredRunTrace): string {
  return turnRows(runId, trace).map(csvLine).join("");
}

/**
 * Distinct paths a call wrote or deleted, in the order first touched, `;`-separated (a path may
 * hold `;` only if a model made it; the cell is then quoted like any other).
 */
export function filesChanged(call: TraceCall): string {
  return [...new Set((call.changes ?? []).map((c) => c.path))].join(";");
}

/**
 * One calls row per tool call: `call` counts from 1 across the run (so an imported run's
 * calls keep their order), `turn` from 1 (empty for imports), `args` as JSON text, `ms` empty
 * when the device did not time the call, `files_changed` empty for imports.
 */
export function callRows(runId: string, trace: StoredRunTrace): Cell[][] {
  const out: Cell[][] = [];
  const row = (turn: number | null, c: TraceCall, files: string | null) =>
    out.push([runId, turn, out.length + 1, c.name, JSON.stringify(c.args) ?? "null", c.ok, c.ms ?? null, files]);
  if (trace.imported) for (const c of trace.toolCalls) row(null, c, null);
  else
    trace.turns.forEach((t, i) => {
      for (const c of t.toolCalls ?? []) row(i + 1, c, filesChanged(c));
    });
  return out;
}

/** calls.csv's lines of one run. */
export function callLines(runId: string, trace: StoredRunTrace): string {
  return callRows(runId, trace).map(csvLine).join("");
}
