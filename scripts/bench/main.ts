/**
 * `npm run bench -- [--runs 100000] [--reps 5] [--dir DIR] [--no-write] [--only a,b] [--profile DIR]`: seeds one database,
 * measures every figure of issue 7 as a ratio against a baseline run in the same process, prints
 * the table and writes it into docs/benchmarks.md between the bench markers.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { seedDatabase } from "../lib/seedDb";
import { benchAnalytics } from "./analytics";
import { benchExport } from "./exportCsv";
import { benchRescore } from "./rescore";
import { benchClaims, benchIngest } from "./device";
import { benchHttpDevice } from "./http";
import { benchHttpLatency } from "./http-latency";
import { serverProfile, startDashboard, startMinimal } from "./servers";
import { table, type Figure } from "./measure";

const BEGIN = "<!-- bench:begin -->";
const END = "<!-- bench:end -->";

async function main() {
  const { values: v } = parseArgs({
    options: { runs: { type: "string", default: "100000" }, reps: { type: "string", default: "5" }, dir: { type: "string" }, "no-write": { type: "boolean", default: false }, only: { type: "string" }, profile: { type: "string" } },
    strict: true,
  });
  const runs = Number(v.runs);
  if (v.profile) serverProfile.dir = path.resolve(v.profile);
  const reps = Number(v.reps);
  const only = v.only ? new Set(v.only.split(",")) : null;
  const want = (k: string) => !only || only.has(k);
  const dir = v.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-bench-"));
  const dbPath = path.join(dir, "bench.db");
  for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) fs.rmSync(f, { force: true });
  const log = (l: string) => console.error(l);
  const started = performance.now();

  log(`seeding ${runs} runs into ${dbPath}…`);
  const seeded = await seedDatabase(dbPath, { runs, seed: 1 });
  const seedS = (performance.now() - started) / 1000;
  const ctx = seeded.ctx;
  const figures: Figure[] = [];
  const step = async (name: string, fn: () => Promise<Figure[]>) => {
    if (!want(name)) return;
    const t = performance.now();
    figures.push(...(await fn()));
    log(`${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  // Read-only figures first: rescoring and ingestion add rows.
  await step("analytics", () => benchAnalytics(ctx, reps));
  await step("export", () => benchExport(dbPath, reps));
  await step("rescore", () => benchRescore(ctx, seeded.sessions.slice(0, 2), reps));
  const big = [...seeded.pool].sort((a, b) => Math.abs(a.bytes - 20_480) - Math.abs(b.bytes - 20_480))[0];
  await step("ingest", () => benchIngest(ctx, big, 200, reps));
  await step("claims", () => benchClaims(ctx, 200, reps));
  if (want("http")) {
    // Over HTTP: the real server and the minimal Next.js app, both on the seeded database.
    const real = await startDashboard(dbPath);
    const minimal = await startMinimal(dbPath, log).catch(async (e) => {
      await real.stop();
      throw e;
    });
    try {
      await step("http", () => benchHttpDevice(ctx, big, real, minimal, 200, reps));
      await step("http", () => benchHttpLatency(ctx, seeded.pool, real, minimal, reps));
    } finally {
      await Promise.all([real.stop(), minimal.stop()]);
    }
  }

  const totalS = (performance.now() - started) / 1000;
  const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${mb(os.totalmem())} MB RAM (${mb(os.freemem())} MB free), load average ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}, Node ${process.version}`;
  const seedLine = `seed: ${seeded.runs.toLocaleString("en-US")} runs in ${seeded.sessions.length} sessions in ${seedS.toFixed(1)} s (${Math.round(seeded.runs / seedS)} runs/s overall; ${seeded.pool.length} distinct simulated traces, ${(seeded.poolMs / 1000).toFixed(1)} s), traces ${(seeded.traceBytes.min / 1024).toFixed(1)}–${(seeded.traceBytes.max / 1024).toFixed(1)} KB (median ${(seeded.traceBytes.median / 1024).toFixed(1)} KB), database ${((seeded.dbBytes / seeded.runs) * 1000 / 1048576).toFixed(2)} MB per 1,000 runs`;
  const out = [`Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}; ${reps} repetitions; whole run ${totalS.toFixed(0)} s.`, "", seedLine, "", table(figures)].join("\n");
  console.log(`\n${out}\n`);

  const doc = path.join(process.cwd(), "docs", "benchmarks.md");
  if (!v["no-write"] && fs.existsSync(doc)) {
    const text = fs.readFileSync(doc, "utf8");
    const a = text.indexOf(BEGIN);
    const b = text.indexOf(END);
    if (a >= 0 && b > a) {
      fs.writeFileSync(doc, `${text.slice(0, a + BEGIN.length)}\n${out}\n${text.slice(b)}`);
      log(`wrote the table into ${doc}`);
    } else log(`${doc} has no ${BEGIN} … ${END} markers; table not written`);
  }
  ctx.db.$client.close();
  if (!v.dir) fs.rmSync(dir, { recursive: true, force: true });
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
