import "server-only";
import { BIGINT, BOOLEAN, DOUBLE, DuckDBDataChunk, DuckDBInstance, VARCHAR, type DuckDBType } from "@duckdb/node-api";
import { typedCell, type ColumnType, type TypedColumn } from "@/domain/export/parquet";
import type { Cell } from "@/domain/export/columns";

/** A timestamp arrives as its ISO text and is cast by DuckDB when the file is written. */
const TYPE: Record<ColumnType, DuckDBType> = {
  text: VARCHAR,
  boolean: BOOLEAN,
  bigint: BIGINT,
  double: DOUBLE,
  timestamp: VARCHAR,
};
const CHUNK = 2048;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes `rows` to a Parquet file at `dest` (zstd), typed by `columns`, through a DuckDB of its own
 * in memory: rows are appended in data chunks as they come (memory holds one chunk and DuckDB's
 * columns, not the text of the export), then `COPY … TO` writes the file with timestamps cast.
 * Returns how many rows were written.
 */
export async function writeParquet(dest: string, columns: TypedColumn[], rows: AsyncIterable<Cell[]>): Promise<number> {
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  try {
    await conn.run(`CREATE TABLE t (${columns.map((c) => `${quote(c.name)} ${TYPE[c.type].toString()}`).join(", ")})`);
    const appender = await conn.createAppender("t");
    const types = columns.map((c) => TYPE[c.type]);
    let pending: unknown[][] = [];
    let n = 0;
    const flush = () => {
      if (!pending.length) return;
      const chunk = DuckDBDataChunk.create(types, pending.length);
      chunk.setRows(pending as never);
      appender.appendDataChunk(chunk);
      pending = [];
    };
    try {
      for await (const row of rows) {
        pending.push(columns.map((c, i) => typedCell(c, row[i])));
        n++;
        if (pending.length === CHUNK) flush();
      }
      flush();
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    const select = columns
      .map((c) =>
        c.type === "timestamp" ? `CAST(${quote(c.name)} AS TIMESTAMPTZ) AS ${quote(c.name)}` : quote(c.name),
      )
      .join(", ");
    await conn.run(
      `COPY (SELECT ${select} FROM t) TO '${dest.replace(/'/g, "''")}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    return n;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
