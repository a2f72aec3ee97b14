import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AnalyticsFilter } from "@/domain/analytics/filter";
import type { ParquetTable } from "@/domain/export/parquet";
import type { Ctx } from "../context";
import { exportParquet } from "./exportRuns";

/**
 * A Parquet export as a download: written to a file of its own first (Parquet's footer is written
 * last, so it cannot stream as it is made), sent, and removed once sent or abandoned.
 */
export async function parquetResponse(ctx: Ctx, filter: AnalyticsFilter, table: ParquetTable): Promise<Response> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-parquet-"));
  const file = path.join(dir, `${table}.parquet`);
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await exportParquet(ctx, filter, table, file);
  } catch (e) {
    cleanup();
    throw e;
  }
  const stream = fs.createReadStream(file);
  stream.on("close", cleanup);
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/vnd.apache.parquet",
      "content-length": String(fs.statSync(file).size),
      "content-disposition": `attachment; filename="${table}.parquet"`,
      "cache-control": "no-store",
    },
  });
}
