import "server-only";
import Database from "better-sqlite3";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  CALLS_CSV_HEADER,
  CSV_HEADER,
  JSON_CLOSE,
  JSON_OPEN,
  TURNS_CSV_HEADER,
  callLines,
  csvRow,
  jsonRun,
  turnLines,
  type RunDetail,
  type StoredRunTrace,
} from "@/domain/export";
import { whereClause } from "../analytics/where";
import { EXPORT_FROM, EXPORT_SELECT, exportRow, type ExportDbRow } from "./exportRow";

type StoredTurn = {
  promptTokens: number;
  contextTokens: number;
  ttftMs: number;
  outputTokens: number;
  decodeMs: number;
};
type StoredCall = { name: string; args: unknown; ok: boolean; ms?: number | null };
/** A device's raw trace, or the record an import stored (it has no raw trace, only the exported calls). */
type StoredConditions = { thermalAtEnd?: string; battery?: number };
type StoredTrace =
  | { imported?: undefined; turns: (StoredTurn & { toolCalls: StoredCall[] })[]; conditions?: StoredConditions }
  | {
      imported: true;
      turns: StoredTurn[];
      toolCalls: StoredCall[];
      /** Kept by imports since issue 16.5; null (or absent, for older imports) when the source did not report them. */
      thermalAtEnd?: string | null;
      batteryAtStart?: number | null;
    };

function detail(r: ExportDbRow & { body: string }): RunDetail {
  const trace = JSON.parse(r.body) as StoredTrace;
  const calls = trace.imported ? trace.toolCalls : trace.turns.flatMap((t) => t.toolCalls);
  return {
    checks: (JSON.parse(r.checks) as { id: string; passed: boolean }[]).map((c) => ({ id: c.id, passed: c.passed })),
    progress: JSON.parse(r.progress) as number[],
    toolCalls: calls.map((c) => ({ name: c.name, args: c.args, ok: c.ok, ms: c.ms ?? null })),
    turns: trace.turns.map((t) => ({
      promptTokens: t.promptTokens,
      contextTokens: t.contextTokens,
      ttftMs: t.ttftMs,
      outputTokens: t.outputTokens,
      decodeMs: t.decodeMs,
    })),
    // Issue 20.2 (fields added to runs.json); an import keeps what its file carried.
    thermalAtEnd: (trace.imported ? trace.thermalAtEnd : trace.conditions?.thermalAtEnd) ?? null,
    batteryAtStart: (trace.imported ? trace.batteryAtStart : trace.conditions?.battery) ?? null,
  };
}

/** The export's run order (protocol.md §4): session creation, task id, config id, repeat, attempt, run id. */
const EXPORT_ORDER = "ORDER BY s.created_at, s.id, r.task_id, r.config_id, r.repeat, r.attempt, r.id";

/**
 * Rows of `select` over the filtered runs in the export's order, read on a connection of its own:
 * a long iteration must not hold the shared connection, and a read transaction gives one
 * consistent snapshot.
 */
function* ordered<R>(dbPath: string, filter: AnalyticsFilter, select: string): Generator<R> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const w = whereClause(filter);
    const stmt = db.prepare(`SELECT ${select} FROM ${EXPORT_FROM} WHERE ${w.sql} ${EXPORT_ORDER}`);
    db.exec("BEGIN");
    for (const r of stmt.iterate(...w.params)) yield r as R;
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

function rows(dbPath: string, filter: AnalyticsFilter, withTrace: boolean): Generator<ExportDbRow & { body: string }> {
  return ordered(dbPath, filter, `${EXPORT_SELECT}${withTrace ? ", t.body" : ""}`);
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

/**
 * turns.csv or calls.csv (docs/api.md § Export), in chunks of text: the same runs in the same
 * order as runs.csv, one line per turn or per call, each trace parsed and dropped before the next
 * is read so memory stays flat.
 */
export function* exportTable(dbPath: string, filter: AnalyticsFilter, table: "turns" | "calls"): Generator<string> {
  yield table === "turns" ? TURNS_CSV_HEADER : CALLS_CSV_HEADER;
  const lines = table === "turns" ? turnLines : callLines;
  for (const r of ordered<{ id: string; body: string }>(dbPath, filter, "r.id, t.body")) {
    yield lines(r.id, JSON.parse(r.body) as StoredRunTrace);
  }
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
