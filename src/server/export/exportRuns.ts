import "server-only";
import Database from "better-sqlite3";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import { CSV_HEADER, JSON_CLOSE, JSON_OPEN, csvRow, jsonRun, type ExportRow, type RunDetail } from "@/domain/export";
import { FROM_RUNS, whereClause } from "../analytics/where";

interface Row {
  id: string; session_id: string; session_name: string; trial: number; task_id: string; task_version: number; task_group: string;
  held_out: number; config_id: string; config_version: number; repeat: number; attempt: number; device_id: string;
  device_model: string; build_commit: string; model: string; started_at: string; passed: number; outcome: string;
  looping: number; milestones_reached: number; milestones_total: number; startup_tokens: number; load_ms: number;
  first_ttft_ms: number | null; median_turn_ms: number | null; turn_count: number; tool_calls: number;
  failed_tool_calls: number; repatches: number; peak_context_tokens: number; context_window: number; output_tokens: number;
  thermal_at_start: string | null; charging: number | null; superseded: number; checks: string; progress: string;
  end_reason: string; body: string;
}

function exportRow(r: Row): ExportRow {
  return {
    run_id: r.id, session_id: r.session_id, session_name: r.session_name, trial: !!r.trial, task_id: r.task_id,
    task_version: r.task_version, task_group: r.task_group, held_out: !!r.held_out, config_id: r.config_id,
    config_version: r.config_version, repeat: r.repeat, attempt: r.attempt, device_id: r.device_id, device_model: r.device_model,
    build_commit: r.build_commit, model: r.model, started_at: r.started_at, passed: !!r.passed, outcome: r.outcome,
    looping: !!r.looping, milestones_reached: r.milestones_reached, milestones_total: r.milestones_total,
    startup_tokens: r.startup_tokens, load_ms: r.load_ms, first_ttft_ms: r.first_ttft_ms, median_turn_ms: r.median_turn_ms,
    turn_count: r.turn_count, tool_call_count: r.tool_calls, failed_tool_call_count: r.failed_tool_calls, repatches: r.repatches,
    peak_context_tokens: r.peak_context_tokens, context_window: r.context_window, output_tokens: r.output_tokens,
    thermal_at_start: r.thermal_at_start, charging: r.charging === null ? null : !!r.charging, superseded: !!r.superseded,
  };
}

type StoredTurn = { promptTokens: number; contextTokens: number; ttftMs: number; outputTokens: number; decodeMs: number };
type StoredCall = { name: string; args: unknown; ok: boolean; ms?: number | null };
/** A device's raw trace, or the record an import stored (it has no raw trace, only the exported calls). */
type StoredTrace = { imported?: undefined; turns: (StoredTurn & { toolCalls: StoredCall[] })[] } | { imported: true; turns: StoredTurn[]; toolCalls: StoredCall[] };

function detail(r: Row): RunDetail {
  const trace = JSON.parse(r.body) as StoredTrace;
  const calls = trace.imported ? trace.toolCalls : trace.turns.flatMap((t) => t.toolCalls);
  return {
    checks: (JSON.parse(r.checks) as { id: string; passed: boolean }[]).map((c) => ({ id: c.id, passed: c.passed })),
    progress: JSON.parse(r.progress) as number[],
    toolCalls: calls.map((c) => ({ name: c.name, args: c.args, ok: c.ok, ms: c.ms ?? null })),
    turns: trace.turns.map((t) => ({ promptTokens: t.promptTokens, contextTokens: t.contextTokens, ttftMs: t.ttftMs, outputTokens: t.outputTokens, decodeMs: t.decodeMs })),
    endReason: r.end_reason,
  };
}

/**
 * The export's rows in protocol order (session creation, task id, config id, repeat, attempt,
 * run id), read on a connection of its own: a long iteration must not hold the shared
 * connection, and a read transaction gives one consistent snapshot.
 */
function* rows(dbPath: string, filter: AnalyticsFilter, withTrace: boolean): Generator<Row> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const w = whereClause(filter);
    const stmt = db.prepare(
      `SELECT r.*, s.name AS session_name, s.trial, sc.passed, sc.outcome, sc.looping, sc.milestones_reached, sc.milestones_total,
              sc.startup_tokens, sc.load_ms, sc.first_ttft_ms, sc.median_turn_ms, sc.turn_count, sc.tool_calls, sc.failed_tool_calls,
              sc.repatches, sc.peak_context_tokens, sc.output_tokens, sc.checks, sc.progress, sc.end_reason
              ${withTrace ? ", t.body" : ""}
         FROM ${FROM_RUNS} ${withTrace ? "JOIN traces t ON t.run_id = r.id" : ""}
        WHERE ${w.sql}
        ORDER BY s.created_at, s.id, r.task_id, r.config_id, r.repeat, r.attempt, r.id`,
    );
    db.exec("BEGIN");
    for (const r of stmt.iterate(...w.params)) yield r as Row;
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** runs.csv, in chunks of text. */
export function* exportCsv(dbPath: string, filter: AnalyticsFilter): Generator<string> {
  yield CSV_HEADER;
  for (const r of rows(dbPath, filter, false)) yield csvRow(exportRow(r));
}

/** runs.json, in chunks of text. */
export function* exportJson(dbPath: string, filter: AnalyticsFilter): Generator<string> {
  yield JSON_OPEN;
  let first = true;
  for (const r of rows(dbPath, filter, true)) {
    yield (first ? "" : ",\n") + JSON.stringify(jsonRun(exportRow(r), detail(r)));
    first = false;
  }
  yield JSON_CLOSE;
}

/** A generator of text as a byte stream, batching small chunks so a 100k-run export is not 100k writes. */
export function toStream(chunks: Generator<string>, batchBytes = 64 * 1024): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      let buf = "";
      for (;;) {
        const next = chunks.next();
        if (next.done) {
          if (buf) controller.enqueue(enc.encode(buf));
          controller.close();
          return;
        }
        buf += next.value;
        if (buf.length >= batchBytes) {
          controller.enqueue(enc.encode(buf));
          return;
        }
      }
    },
    cancel() {
      chunks.return(undefined);
    },
  });
}
