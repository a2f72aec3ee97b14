import "server-only";
import { z } from "zod";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import {
  CALLS_CSV_HEADER,
  CSV_HEADER,
  EXPORT_COLUMNS,
  JSON_CLOSE,
  JSON_OPEN,
  TURNS_CSV_HEADER,
  callLines,
  callRows,
  csvRow,
  jsonRun,
  turnLines,
  turnRows,
  type Cell,
  type RunDetail,
  type StoredRunTrace,
} from "@/domain/export";
import { PARQUET_TABLES, type ParquetTable } from "@/domain/export/parquet";
import { runsWhere } from "../analytics/where";
import { writeParquet } from "../store/columnar/parquet";
import type { Ctx } from "../context";
import { dialectOf } from "../store/dialect";
import { parseRows } from "../store/sql";
import { ExportDbRow, exportFrom, exportOrder, exportRow, exportSelect, keysFirstFrom } from "./exportRow";

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

/**
 * Rows of `select` over the filtered runs in the export's order, each parsed by `row`, through the
 * store's export stream: a connection of its own on SQLite, a cursor on PostgreSQL; one snapshot,
 * a batch of rows in memory at a time. `traces`: the rows carry the raw trace (~25 KB each). They
 * come 50 at a time, so a batch dies young instead of being promoted (with 500, the collector took
 * a third of runs.json's time: 10k runs 3.9–4.3 s → 1.8–3.0 s with 50, on a busy machine), and on
 * SQLite the runs are sorted by their keys before their traces are joined (keysFirstFrom).
 */
async function* ordered<S extends z.ZodType>(
  ctx: Ctx,
  filter: AnalyticsFilter,
  select: string,
  row: S,
  traces = false,
): AsyncGenerator<z.output<S>> {
  const d = dialectOf(ctx.store.sql);
  const w = runsWhere(filter);
  const text =
    traces && ctx.store.sql.dialect === "sqlite"
      ? `SELECT ${select} FROM ${keysFirstFrom(w.sql, exportOrder(d))}`
      : `SELECT ${select} FROM ${exportFrom(d)} WHERE ${w.sql} ${exportOrder(d)}`;
  const batch = traces ? 50 : 500;
  for await (const rows of ctx.store.export.stream(text, w.params, batch)) yield* parseRows(row, rows, text);
}

const WithTrace = ExportDbRow.extend({ body: z.string() });
const TraceOnly = z.object({ id: z.string(), body: z.string() });

/** runs.csv, in chunks of text. */
export async function* exportCsv(ctx: Ctx, filter: AnalyticsFilter): AsyncGenerator<string> {
  yield CSV_HEADER;
  for await (const r of ordered(ctx, filter, exportSelect(dialectOf(ctx.store.sql)), ExportDbRow))
    yield csvRow(exportRow(r));
}

/** runs.json, in chunks of text. */
export async function* exportJson(ctx: Ctx, filter: AnalyticsFilter): AsyncGenerator<string> {
  yield JSON_OPEN;
  let first = true;
  for await (const r of ordered(
    ctx,
    filter,
    `${exportSelect(dialectOf(ctx.store.sql))}, ${dialectOf(ctx.store.sql).traceText("t.body")} AS body`,
    WithTrace,
    true,
  )) {
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
export async function* exportTable(
  ctx: Ctx,
  filter: AnalyticsFilter,
  table: "turns" | "calls",
): AsyncGenerator<string> {
  yield table === "turns" ? TURNS_CSV_HEADER : CALLS_CSV_HEADER;
  const lines = table === "turns" ? turnLines : callLines;
  for await (const r of traces(ctx, filter)) yield lines(r.id, r.trace);
}

/** Each run's stored trace, parsed, in the export's order (one at a time: memory stays flat). */
async function* traces(ctx: Ctx, filter: AnalyticsFilter): AsyncGenerator<{ id: string; trace: StoredRunTrace }> {
  const body = dialectOf(ctx.store.sql).traceText("t.body");
  for await (const r of ordered(ctx, filter, `r.id, ${body} AS body`, TraceOnly, true))
    yield { id: r.id, trace: JSON.parse(r.body) as StoredRunTrace };
}

/** A generator of text as a byte stream, batching small chunks so a 100k-run export is not 100k writes. */
export function toStream(chunks: AsyncGenerator<string>, batchBytes = 64 * 1024): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      let buf = "";
      for (;;) {
        const next = await chunks.next();
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
    async cancel() {
      // Ends the generator, which closes its connection (SQLite) or its cursor (PostgreSQL).
      await chunks.return(undefined);
    },
  });
}

/** The rows of runs, turns or calls as typed cells, in the CSVs' order (for Parquet). */
async function* tableRows(ctx: Ctx, filter: AnalyticsFilter, table: ParquetTable): AsyncGenerator<Cell[]> {
  if (table === "runs") {
    for await (const r of ordered(ctx, filter, exportSelect(dialectOf(ctx.store.sql)), ExportDbRow)) {
      const row = exportRow(r);
      yield EXPORT_COLUMNS.map((c) => row[c]);
    }
    return;
  }
  const rows = table === "turns" ? turnRows : callRows;
  for await (const r of traces(ctx, filter)) yield* rows(r.id, r.trace);
}

/**
 * runs.parquet, turns.parquet or calls.parquet (issue 35.4): the CSVs' rows and columns, typed
 * (src/domain/export/parquet.ts), written to `dest`. Returns the number of rows.
 */
export function exportParquet(ctx: Ctx, filter: AnalyticsFilter, table: ParquetTable, dest: string): Promise<number> {
  return writeParquet(dest, [...PARQUET_TABLES[table]], tableRows(ctx, filter, table));
}
