/**
 * Kills the dashboard under load and checks nothing was lost (docs/reliability.md, "Crashes").
 *
 *   npx next build --webpack   # once: the test runs the built server
 *   npm run fault-test -- --jobs 300 --phones 8 --kills 5 [--seed S] [--lease 6] [--speed 400] [--database-url URL]
 *
 * Exits 1 when any check fails, 2 on bad arguments.
 */
import { parseArgs } from "node:util";
import fs from "node:fs";
import { runFaultTest } from "./lib/fault";
import { formatFigures } from "./lib/fault-check";

const USAGE = `usage: npm run fault-test -- [--jobs N] [--phones N] [--kills N] [--seed S] [--lease SECONDS] [--speed X] [--database-url URL] [--keep]
  --jobs    at least this many jobs (tasks × configs × repeats of the default suite; default 300)
  --phones  simulated phones working at once (default 8)
  --kills   SIGKILLs of the server, each followed by a restart on the same database and port (default 5)
  --seed    seeds the kill moments, pauses and the traces (default: random, printed)
  --lease   the session's leaseSeconds (default 6)
  --speed   simulated phone time per real time (default 400)
  --database-url  run the server on this PostgreSQL database (empty, or migrated by this dashboard) instead of a SQLite file
  --keep    keep the temporary folder (database and server log)`;

function num(name: string, value: string | undefined, def: number, min: number, max: number): number {
  if (value === undefined) return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`fault-test: --${name} must be an integer from ${min} to ${max}, got ${value}\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main() {
  let values;
  try {
    values = parseArgs({
      options: {
        jobs: { type: "string" },
        phones: { type: "string" },
        kills: { type: "string" },
        seed: { type: "string" },
        lease: { type: "string" },
        speed: { type: "string" },
        "database-url": { type: "string" },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`fault-test: ${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) return console.log(USAGE);
  const seed = num("seed", values.seed, Math.floor(Math.random() * 2 ** 31), 0, 2 ** 31 - 1);
  const opts = {
    jobs: num("jobs", values.jobs, 300, 1, 20_000),
    phones: num("phones", values.phones, 8, 1, 64),
    kills: num("kills", values.kills, 5, 0, 100),
    seed,
    leaseSeconds: num("lease", values.lease, 6, 1, 600),
    speed: num("speed", values.speed, 400, 1, 100_000),
    databaseUrl: values["database-url"],
  };
  console.log(`fault-test: seed ${seed}`);
  const report = await runFaultTest({ ...opts, log: (l) => console.log(`fault-test: ${l}`) });
  console.log(formatFigures(report.figures));
  if (values.keep) console.log(`kept: ${report.dir}`);
  else fs.rmSync(report.dir, { recursive: true, force: true });
  if (report.violations.length) {
    console.error(`\nFAILED: ${report.violations.length} violation(s)`);
    for (const v of report.violations.slice(0, 50)) console.error(`  - ${v}`);
    process.exit(1);
  }
  console.log(
    `\nOK: every job completed exactly once, every acknowledged trace stored, no lease left${opts.databaseUrl ? "" : ", integrity_check ok"}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
