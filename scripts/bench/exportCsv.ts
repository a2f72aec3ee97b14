/**
 * Target 4: runs.csv for every run (the generator the route streams) against a plain SELECT of
 * the same columns on its own read-only connection, runs.json (which reads each run's trace for its
 * details) against the same runs' raw traces read in export order, and the process's RSS growth
 * while exporting each.
 * On PostgreSQL (issue 18.7) the plain read is the same SELECT through a pg-cursor on a client of
 * its own, read in batches of the size the store's export stream reads (500 rows).
 */
import Database from "better-sqlite3";
import { installTraceCodec } from "../../db/traceCodec.mjs";
import pg from "pg";
import Cursor from "pg-cursor";
import { AnalyticsFilter } from "../../src/domain/analytics/filter";
import { exportCsv, exportJson, exportTable } from "../../src/server/export/exportRuns";
import { exportFrom, exportOrder, exportSelect, keysFirstFrom } from "../../src/server/export/exportRow";
import { dialectOf } from "../../src/server/store/dialect";
import { toPgPlaceholders } from "../../src/server/store/sql";
import { FROM_RUNS, runsWhere } from "../../src/server/analytics/where";

/** The default filter's WHERE for a plain better-sqlite3 `prepare`, which binds no booleans (1/0 instead). */
function sqliteWhere() {
  const w = runsWhere(AnalyticsFilter.parse({}));
  return { sql: w.sql, params: w.params.map((p) => (p === true ? 1 : p === false ? 0 : p)) };
}
import { lateGrowth, pairs, timeFigure, type Figure } from "./measure";
import { createContext, type Ctx } from "../../src/server/context";

type Format = "csv" | "json";

/** Every chunk of runs.csv or runs.json for every run, counted; `onChunk` every 1,000 chunks. */
async function drainRuns(ctx: Ctx, format: Format, onChunk?: () => void) {
  let bytes = 0;
  let n = 0;
  const f = AnalyticsFilter.parse({});
  for await (const chunk of format === "csv" ? exportCsv(ctx, f) : exportJson(ctx, f)) {
    bytes += chunk.length;
    if (onChunk && ++n % 1000 === 0) onChunk();
  }
  return bytes;
}

async function drainTable(ctx: Ctx, table: "turns" | "calls") {
  let bytes = 0;
  for await (const chunk of exportTable(ctx, AnalyticsFilter.parse({}), table)) bytes += chunk.length;
  return bytes;
}

/** The floor for turns.csv / calls.csv: the same rows' raw traces read in the same order, untouched. */
function plainTraces(dbPath: string, onRows?: () => void) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  installTraceCodec(db); // bodies are read as their text, as the export reads them (db/traceCodec.mjs)
  try {
    const w = sqliteWhere();
    let bytes = 0;
    let n = 0;
    // In the export's order, read the way the export reads it on SQLite (keysFirstFrom: the keys
    // sorted, then the traces joined), the cheapest way SQLite has to read them in that order.
    const sql = `SELECT r.id, CAST(trace_utf8(t.body) AS TEXT) AS body FROM ${keysFirstFrom(w.sql, exportOrder(dialectOf({ dialect: "sqlite" })))}`;
    for (const r of db.prepare(sql).iterate(...w.params)) {
      bytes += (r as { body: string }).body.length;
      if (onRows && ++n % 1000 === 0) onRows();
    }
    return bytes;
  } finally {
    db.close();
  }
}

/** The floor's two reads, whichever the engine: rows (runs.csv's columns) and raw traces, each counted. */
interface Plain {
  select: (onRows?: () => void) => Promise<number>;
  traces: (onRows?: () => void) => Promise<number>;
}

/** The same SELECT as the SQLite floor, through a cursor on its own connection to PostgreSQL. */
function pgPlain(url: string): Plain {
  const read = async (sql: string, params: unknown[], each: (r: Record<string, unknown>) => void) => {
    const client = new pg.Client(url);
    await client.connect();
    try {
      const cursor = client.query(new Cursor(toPgPlaceholders(sql), params));
      for (let rows = await cursor.read(500); rows.length; rows = await cursor.read(500)) for (const r of rows) each(r);
      await cursor.close();
    } finally {
      await client.end();
    }
  };
  const w = runsWhere(AnalyticsFilter.parse({}));
  return {
    select: async (onRows) => {
      let n = 0;
      const d = dialectOf({ dialect: "postgres" });
      await read(`SELECT ${exportSelect(d)} FROM ${exportFrom(d)} WHERE ${w.sql}`, w.params, () => {
        if (onRows && ++n % 1000 === 0) onRows();
        else if (!onRows) n++;
      });
      return n;
    },
    traces: async (onRows) => {
      let bytes = 0;
      let n = 0;
      const order = exportOrder(dialectOf({ dialect: "postgres" }));
      const sql = `SELECT r.id, t.body FROM ${FROM_RUNS} JOIN traces t ON t.run_id = r.id WHERE ${w.sql} ${order}`;
      await read(sql, w.params, (r) => {
        bytes += (r.body as string).length;
        if (onRows && ++n % 1000 === 0) onRows();
      });
      return bytes;
    },
  };
}

function plainSelect(dbPath: string, onRows?: () => void) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  installTraceCodec(db); // bodies are read as their text, as the export reads them (db/traceCodec.mjs)
  try {
    const w = sqliteWhere();
    let n = 0;
    const d = dialectOf({ dialect: "sqlite" });
    for (const _ of db.prepare(`SELECT ${exportSelect(d)} FROM ${exportFrom(d)} WHERE ${w.sql}`).iterate(...w.params)) {
      if (onRows && ++n % 1000 === 0) onRows();
      else if (!onRows) n++;
    }
    return n;
  } finally {
    db.close();
  }
}

/**
 * `tables: false` leaves runs.json, turns.csv and calls.csv out: each of their passes reads every
 * raw trace (24 GB at 1M runs), so at that size the bench measures runs.csv and its memory unless
 * `--export-traces` asks for them.
 */
export async function benchExport(dbPath: string, reps: number, opts: { tables?: boolean } = {}): Promise<Figure[]> {
  // The export streams through the store (issue 18): a context on the same file.
  const ctx = createContext(dbPath);
  try {
    const plain: Plain = {
      select: async (onRows) => plainSelect(dbPath, onRows),
      traces: async (onRows) => plainTraces(dbPath, onRows),
    };
    return await measureExport(ctx, plain, reps, opts);
  } finally {
    await ctx.store.close();
  }
}

/** Target 4 on PostgreSQL: the export of `ctx` (a PostgreSQL context on `url`) against a plain cursor read. */
export function benchExportPg(ctx: Ctx, url: string, reps: number, opts: { tables?: boolean } = {}) {
  return measureExport(ctx, pgPlain(url), reps, opts);
}

async function measureExport(ctx: Ctx, plain: Plain, reps: number, opts: { tables?: boolean }): Promise<Figure[]> {
  const tables = opts.tables ?? true;
  const figures = await runsFile(ctx, plain, reps, "csv", ["4a", "4b"]);
  // runs.json reads every trace, as turns.csv and calls.csv do: measured where they are.
  if (tables) figures.push(...(await runsFile(ctx, plain, reps, "json", ["4e", "4f"])));
  const turns = tables
    ? await pairs(
        reps,
        () => drainTable(ctx, "turns"),
        () => plain.traces(),
      )
    : null;
  const calls = tables
    ? await pairs(
        reps,
        () => drainTable(ctx, "calls"),
        () => plain.traces(),
      )
    : null;
  return [
    ...(turns ? [timeFigure("4c", "turns.csv vs reading the same runs' raw traces in export order", turns, 3)] : []),
    ...(calls ? [timeFigure("4d", "calls.csv vs reading the same runs' raw traces in export order", calls, 3)] : []),
    ...figures,
  ];
}

/**
 * runs.csv or runs.json: its time against its floor (the plain SELECT of runs.csv's columns; for
 * runs.json, which also reads each trace, the same runs' raw traces), and its memory.
 */
async function runsFile(ctx: Ctx, plain: Plain, reps: number, format: Format, [timeId, memId]: [string, string]) {
  const floorRead = format === "csv" ? plain.select : plain.traces;
  const t = await pairs(
    reps,
    () => drainRuns(ctx, format),
    () => floorRead(),
  );
  // Memory: RSS sampled every 1,000 chunks during one more export, against RSS just before it; the
  // same for one more plain read, whose growth (SQLite's page cache, V8's heap) is the floor. A
  // buffered export would grow by at least its whole output on top of that; runs.json, which
  // parses every trace, also reaches a working set of parsed traces early that the collector
  // empties in a sawtooth, so flat is judged by the second half against the first (lateGrowth).
  const growth = async (run: (sample: () => void) => unknown) => {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    const samples: number[] = [];
    const out = await run(() => {
      samples.push(process.memoryUsage().rss / 1048576);
    });
    const peak = samples.reduce((m, x) => Math.max(m, x * 1048576), before);
    return { before, peak, mb: (peak - before) / 1048576, out, samples };
  };
  const floor = await growth((sample) => floorRead(sample));
  const exp = await growth((sample) => drainRuns(ctx, format, sample));
  const outMb = (exp.out as number) / 1048576;
  const late = lateGrowth(exp.samples, outMb);
  return [
    timeFigure(
      timeId,
      format === "csv"
        ? `runs.csv for ${(floor.out as number).toLocaleString("en-US")} runs vs plain SELECT of the same columns`
        : "runs.json vs reading the same runs' raw traces in export order",
      t,
      3,
    ),
    {
      id: memId,
      what: `peak RSS growth during the runs.${format} export (MB), output ${outMb.toFixed(0)} MB`,
      kind: "abs",
      ratios: [exp.mb],
      target: "flat (2nd half's peak < 1st half's + 25% of its output)",
      met: late.met,
      detail: `RSS ${(exp.before / 1048576).toFixed(0)} → ${(exp.peak / 1048576).toFixed(0)} MB, 2nd half's peak ${late.mb >= 0 ? "+" : ""}${late.mb.toFixed(0)} MB on the 1st's; the plain read grew ${floor.mb.toFixed(0)} MB`,
    } satisfies Figure,
  ];
}
