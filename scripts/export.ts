/**
 * `npm run export -- [--session ID …] [--db PATH] [--out DIR] [--include-trial] [--include-superseded]`
 * writes runs.csv and runs.json (protocol.md §4), turns.csv and calls.csv (docs/notebook-data.md) for the given sessions (all when none), streamed,
 * straight from the database (a SQLite file, or a postgres:// URL) — the dashboard may keep running.
 */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { AnalyticsFilter } from "../src/domain/analytics/filter";
import { exportCsv, exportJson, exportParquet, exportTable } from "../src/server/export/exportRuns";
import { createContext, createPgContext } from "../src/server/context";
import { isPostgresUrl } from "../db/engine";

const args = process.argv.slice(2);
const many = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
const one = (flag: string, fallback: string) => many(flag)[0] ?? fallback;

async function write(file: string, chunks: AsyncGenerator<string>) {
  const out = fs.createWriteStream(file);
  let runs = 0;
  for await (const chunk of chunks) {
    runs++;
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return runs;
}

async function main() {
  const db = one("--db", process.env.DATABASE_URL || process.env.DB_PATH || "./data/harness-lab.db");
  if (!isPostgresUrl(db) && !fs.existsSync(db)) {
    console.error(`No database at ${db}: pass --db PATH (or a postgres:// URL) or set DB_PATH or DATABASE_URL.`);
    process.exit(1);
  }
  const ctx = isPostgresUrl(db) ? await createPgContext(db) : createContext(db);
  const filter = AnalyticsFilter.parse({
    sessions: many("--session"),
    includeTrial: args.includes("--include-trial"),
    includeSuperseded: args.includes("--include-superseded"),
  });
  const dir = one("--out", ".");
  fs.mkdirSync(dir, { recursive: true });
  const csvLines = await write(path.join(dir, "runs.csv"), exportCsv(ctx, filter));
  await write(path.join(dir, "runs.json"), exportJson(ctx, filter));
  await write(path.join(dir, "turns.csv"), exportTable(ctx, filter, "turns"));
  await write(path.join(dir, "calls.csv"), exportTable(ctx, filter, "calls"));
  for (const table of ["runs", "turns", "calls"] as const)
    await exportParquet(ctx, filter, table, path.join(dir, `${table}.parquet`));
  await ctx.store.close();
  console.log(
    `wrote runs.csv, runs.json, turns.csv, calls.csv and runs/turns/calls.parquet to ${dir}: ${csvLines - 1} runs`,
  );
}
main();
