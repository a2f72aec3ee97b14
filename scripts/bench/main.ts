/**
 * `npm run bench -- [--runs 100000[,1000000…]] [--reps 5] [--dir PATH] [--keep] [--no-write] [--only a,b] [--profile DIR] [step …]`:
 * seeds one database, measures every figure of issue 7 as a ratio against a baseline run in the
 * same process, prints the table and writes it into docs/benchmarks.md between the bench markers.
 * Steps may also be named without --only (`npm run bench -- ui`). The `ui` step (targets 6 and 7)
 * brings its own database and server; without other steps the 100k-run seed is skipped. The
 * `http` step serves the seeded database with the real server and a minimal Next.js app
 * (targets 1 and 2 as the issue states them); `--profile DIR` makes both write CPU profiles.
 * `--runs 10000,100000,1000000` repeats the seeded steps for each size (issue 22: growth);
 * `scale` times every analytics service against DuckDB in memory, `analytics-page` the
 * `/analytics` page in Chromium (needs a build). With `--keep` each size's database stays in
 * `--dir` as `bench-<runs>.db` and is reused by the next run (read-only steps only).
 * `--engine postgres` (issue 18.7) runs analytics, scale, export and http on PostgreSQL (pg/steps.ts:
 * the SQLite seed copied into a throwaway server; with `--keep` the SQLite seed is reused) and the
 * pg-queue step; its figures go between the bench-pg markers, scale's between bench-pg-scale.
 * At 1M runs the export step measures runs.csv only, unless `--export-traces` asks for runs.json,
 * turns.csv and calls.csv too (each of their passes reads every raw trace: ~24 GB, minutes each).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { seedDatabase, type SeedReport } from "../lib/seedDb";
import { benchAnalytics } from "./analytics";
import { benchAnalyticsScale, scaleReps } from "./analyticsScale";
import { benchAnalyticsPage } from "./analyticsPage";
import { createContext } from "../../src/server/context";
import { benchExport } from "./exportCsv";
import { benchRescore } from "./rescore";
import { benchSearch } from "./search";
import { benchClaims, benchIngest } from "./device";
import { benchOverHttp, near20k } from "./httpStep";
import { serverProfile } from "./servers";
import { benchUi, type UiResult } from "./ui";
import { replaceBetween, table, type Figure } from "./measure";
import { benchPgQueue } from "./pg/queue";
import { PG_STEPS, pgBench, runPgSteps } from "./pg/steps";
import { sqliteDatabase } from "../../src/server/store/sqlite";

const IN_PROCESS = ["analytics", "scale", "export", "rescore", "ingest", "claims", "http", "analytics-page", "search"];
const WRITES = ["rescore", "ingest", "claims", "http"];

const USAGE = `npm run bench -- [--runs 100000[,1000000…]] [--reps 5] [--dir PATH] [--keep] [--no-write]
                     [--only step,step] [--engine sqlite|postgres] [--export-traces] [--profile DIR] [step …]
steps: ${IN_PROCESS.join(", ")}, ui; on PostgreSQL also pg-queue.
Seeds a database, measures each figure as a ratio against a baseline run in the same process, prints
the table and writes it into docs/benchmarks.md (--no-write: print only). More: docs/benchmarks.md.`;

function args() {
  try {
    return parseArgs({
      options: {
        help: { type: "boolean", default: false },
        runs: { type: "string", default: "100000" },
        reps: { type: "string", default: "5" },
        dir: { type: "string" },
        "no-write": { type: "boolean", default: false },
        only: { type: "string" },
        profile: { type: "string" },
        keep: { type: "boolean", default: false },
        engine: { type: "string", default: "sqlite" },
        "export-traces": { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : e}\n\n${USAGE}`);
    process.exit(2);
  }
}

async function main() {
  const { values: v, positionals } = args();
  if (v.help) {
    console.log(USAGE);
    return;
  }
  const sizes = v.runs.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error("--runs takes positive integers, comma-separated");
  if (v.profile) serverProfile.dir = path.resolve(v.profile);
  const reps = Number(v.reps);
  if (v.engine !== "sqlite" && v.engine !== "postgres")
    throw new Error(`--engine is sqlite or postgres, not ${v.engine}`);
  // On PostgreSQL (issue 18.7): the seeded steps of pg/steps.ts and the queue across processes.
  const PG_ALL = [...PG_STEPS, "pg-queue"];
  const named = [
    ...(v.only ? v.only.split(",") : []),
    ...positionals,
    ...(v.engine === "postgres" && !v.only && !positionals.length ? PG_ALL : []),
  ];
  const only = named.length ? new Set(named) : null;
  if (v.engine === "postgres" && named.some((n) => !PG_ALL.includes(n)))
    throw new Error(
      `On PostgreSQL the steps are ${PG_ALL.join(", ")}; drop ${named.filter((n) => !PG_ALL.includes(n)).join(", ")} or --engine postgres.`,
    );
  const want = (k: string) => !only || only.has(k);
  const dir = v.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-bench-"));
  const dbPath = path.join(dir, "bench.db");
  for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) fs.rmSync(f, { force: true });
  const log = (l: string) => console.error(l);
  const started = performance.now();

  const figures: Figure[] = [];
  let ui: UiResult | null = null;
  if (want("ui")) {
    const t = performance.now();
    ui = await benchUi(dir, reps, log);
    figures.push(...ui.figures);
    log(`ui: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  if (only?.has("pg-queue")) {
    const t = performance.now();
    figures.push(...(await benchPgQueue(reps, log)));
    log(`pg-queue: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  if (v.keep && !v.dir) throw new Error("--keep needs --dir (where the databases stay)");
  if (v.keep && v.engine === "sqlite" && WRITES.some(want))
    throw new Error(`--keep reuses databases: steps that write (${WRITES.join(", ")}) would change them`);
  const seedLines: string[] = [];
  let seeded: SeedReport | null = null;
  const onPg = v.engine === "postgres";
  const pgb = onPg && PG_STEPS.some(want) ? await pgBench(log) : null;
  for (const runs of sizes) {
    const sizedPath = sizes.length > 1 || v.keep ? path.join(dir, `bench-${runs}.db`) : dbPath;
    const seedStart = performance.now();
    seeded = null;
    let pgUrl = "";
    let pgKept: string | null = null;
    if (pgb) {
      log(`seeding ${runs} runs into PostgreSQL (through ${dir})…`);
      // The scale step's DuckDB baseline reads the SQLite seed the rows were copied from: kept for it
      // (and reused next time with --keep, which saves the SQLite seeding; PostgreSQL is filled anew).
      if (!v.keep) for (const f of [sizedPath, `${sizedPath}-wal`, `${sizedPath}-shm`]) fs.rmSync(f, { force: true });
      const p = await pgb.seed(runs, dir, v.keep || want("scale") ? sizedPath : undefined);
      seeded = p.seeded;
      pgUrl = p.url;
      pgKept = p.seeded.kept;
      seedLines.push(p.line);
    } else if (!onPg && IN_PROCESS.some(want)) {
      if (v.keep && fs.existsSync(sizedPath)) {
        log(`reusing ${sizedPath}`);
        const ctx = createContext(sizedPath);
        const n = (sqliteDatabase(ctx.store).prepare("SELECT COUNT(*) AS n FROM runs").get() as { n: number }).n;
        seedLines.push(`reused ${sizedPath}: ${n.toLocaleString("en-US")} runs`);
        const sessions = (
          sqliteDatabase(ctx.store).prepare("SELECT id FROM sessions ORDER BY created_at").all() as { id: string }[]
        ).map((r) => r.id);
        seeded = { ctx, runs: n, sessions, pool: [] } as unknown as SeedReport;
      } else {
        log(`seeding ${runs} runs into ${sizedPath}…`);
        seeded = await seedDatabase(sizedPath, { runs, seed: 1, log });
        const seedS = (performance.now() - seedStart) / 1000;
        seedLines.push(
          `seed: ${seeded.runs.toLocaleString("en-US")} runs in ${seeded.sessions.length} sessions in ${seedS.toFixed(1)} s (${Math.round(seeded.runs / seedS)} runs/s overall; ${seeded.pool.length} distinct simulated traces, ${(seeded.poolMs / 1000).toFixed(1)} s), traces ${(seeded.traceBytes.min / 1024).toFixed(1)}–${(seeded.traceBytes.max / 1024).toFixed(1)} KB (median ${(seeded.traceBytes.median / 1024).toFixed(1)} KB), database ${(((seeded.dbBytes / seeded.runs) * 1000) / 1048576).toFixed(2)} MB per 1,000 runs`,
        );
      }
    }
    const step: Step = async (name, fn) => {
      if (!want(name) || !seeded) return;
      const t = performance.now();
      figures.push(...(await fn(seeded)));
      log(
        `${name} (${runs} runs): ${((performance.now() - t) / 1000).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(2)}`,
      );
    };
    if (pgb) {
      await runPgSteps(step, pgUrl, reps, log, runs, pgKept);
      await seeded?.ctx.store.close();
      await pgb.drop(runs);
      if (!v.keep) for (const f of [sizedPath, `${sizedPath}-wal`, `${sizedPath}-shm`]) fs.rmSync(f, { force: true });
      continue;
    }
    await runSteps(step, sizedPath, reps, log, dir, runs, sizes, v["export-traces"]);
    if (seeded) sqliteDatabase(seeded.ctx.store).close();
    if (!v.keep && sizedPath !== dbPath)
      for (const f of [sizedPath, `${sizedPath}-wal`, `${sizedPath}-shm`]) fs.rmSync(f, { force: true });
  }

  await pgb?.stop();
  const totalS = (performance.now() - started) / 1000;
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${mb(os.totalmem())} MB RAM (${mb(os.freemem())} MB free), load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}, Node ${process.version}`;
  const measured = `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}; ${reps} repetitions${sizes.some((n) => scaleReps(n, reps) !== reps) ? ` (the scale step at 1M runs: ${scaleReps(1_000_000, reps)})` : ""}; whole run ${totalS.toFixed(0)} s.`;
  const seedLine = seedLines.join("\n\n");
  // Issue 22's figures (analytics vs DuckDB per size, the /analytics page) have a section of their own.
  const isScale = (f: Figure) => f.id.startsWith("A") || f.id === "6d";
  const isPgScale = (f: Figure) => f.id.startsWith("PGA");
  // Issue 34.8's search figures (S…, PGS…) have sections of their own on each engine.
  const isSearch = (f: Figure) => f.id.startsWith("S");
  const isPgSearch = (f: Figure) => f.id.startsWith("PGS");
  const isPg = (f: Figure) => f.id.startsWith("P") && !isPgScale(f) && !isPgSearch(f);
  const scaleFigs = figures.filter(isScale);
  const pgScaleFigs = figures.filter(isPgScale);
  const searchFigs = figures.filter(isSearch);
  const pgSearchFigs = figures.filter(isPgSearch);
  const pgFigs = figures.filter(isPg);
  const rest = figures.filter((f) => !isScale(f) && !isPg(f) && !isPgScale(f) && !isSearch(f) && !isPgSearch(f));
  const out = [measured, "", seedLine, "", table(rest)].join("\n");
  const scaleOut = [measured, "", seedLine, "", table(scaleFigs)].join("\n");
  const pgOut = [measured, "", ...(onPg && seedLines.length ? [seedLine, ""] : []), table(pgFigs)].join("\n");
  const pgScaleOut = [measured, "", seedLine, "", table(pgScaleFigs)].join("\n");
  const searchOut = [measured, "", seedLine, "", table(searchFigs)].join("\n");
  const pgSearchOut = [measured, "", seedLine, "", table(pgSearchFigs)].join("\n");
  console.log(
    `\n${rest.length ? out : ""}\n${scaleFigs.length ? scaleOut : ""}\n${pgScaleFigs.length ? pgScaleOut : ""}\n${pgFigs.length ? pgOut : ""}\n${searchFigs.length ? searchOut : ""}\n${pgSearchFigs.length ? pgSearchOut : ""}\n`,
  );
  if (ui) console.log(`${ui.pages}\n\n${ui.server}\n`);

  const doc = path.join(process.cwd(), "docs", "benchmarks.md");
  if (!v["no-write"] && fs.existsSync(doc)) {
    let text = fs.readFileSync(doc, "utf8");
    // A run of the ui step alone rewrites only its own sections, never the table of the others.
    const parts: [string, string][] = [
      ...(rest.length ? [["bench", out] as [string, string]] : []),
      ...(scaleFigs.length ? [["bench-scale", scaleOut] as [string, string]] : []),
      ...(pgScaleFigs.length ? [["bench-pg-scale", pgScaleOut] as [string, string]] : []),
      ...(pgFigs.length ? [["bench-pg", pgOut] as [string, string]] : []),
      ...(searchFigs.length ? [["bench-search", searchOut] as [string, string]] : []),
      ...(pgSearchFigs.length ? [["bench-pg-search", pgSearchOut] as [string, string]] : []),
      ...(ui
        ? ([
            ["bench-ui", `${measured}\n\n${ui.pages}`],
            ["bench-server", `${measured}\n\n${ui.server}`],
          ] as [string, string][])
        : []),
    ];
    for (const [name, body] of parts) {
      const next = replaceBetween(text, name, body);
      if (next === null) log(`${doc} has no <!-- ${name}:begin --> … <!-- ${name}:end --> markers; not written`);
      else text = next;
    }
    fs.writeFileSync(doc, text);
    log(`wrote ${parts.map(([n]) => n).join(", ")} into ${doc}`);
  }
  if (!v.dir) fs.rmSync(dir, { recursive: true, force: true });
}
type Step = (name: string, fn: (s: SeedReport) => Promise<Figure[]>) => Promise<void>;

/** The steps on one seeded database, read-only ones first: rescoring and ingestion add rows. */
async function runSteps(
  step: Step,
  dbPath: string,
  reps: number,
  log: (l: string) => void,
  dir: string,
  runs: number,
  sizes: number[],
  exportTraces: boolean,
) {
  await step("analytics", (s) => benchAnalytics(s.ctx, reps));
  await step("scale", (s) => benchAnalyticsScale(s.ctx, s.runs, scaleReps(runs, reps), log));
  // The page is measured at the issue's size (100k) only, when a list of sizes is given.
  if (sizes.length === 1 || runs === 100_000)
    await step("analytics-page", (s) => benchAnalyticsPage(dbPath, s.runs, reps));
  const huge = runs >= 1_000_000;
  await step("export", () => benchExport(dbPath, huge ? 1 : reps, { tables: !huge || exportTraces }));
  await step("search", (s) => benchSearch(s.ctx, s.runs, reps, log));
  await step("rescore", (s) => benchRescore(s.ctx, s.sessions.slice(0, 2), reps));
  await step("ingest", (s) => benchIngest(s.ctx, near20k(s), 200, reps));
  await step("claims", (s) => benchClaims(s.ctx, 200, reps));
  // Over HTTP: the real server and the minimal Next.js app, both on the seeded database.
  await step("http", (s) => benchOverHttp(s, dbPath, reps, log));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
