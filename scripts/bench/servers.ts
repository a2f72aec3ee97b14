/**
 * Servers for the benchmarks that go over HTTP: the real dashboard (server/main.ts on the
 * project's build, as `npm start` runs it) and the minimal Next.js app of ./minimal-next, each in
 * its own process group on a free port, on a database the benchmark seeded: a SQLite file, or a
 * PostgreSQL URL (both then get DATABASE_URL, the minimal app its `pg` pool).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isPostgresUrl } from "../../db/engine";
import { startProc, stopProc } from "./serverProc";

const root = path.resolve(__dirname, "..", "..");

/** The environment choosing the database: a PostgreSQL URL (issue 18.7) or a SQLite file. */
const dbEnv = (db: string): Record<string, string> =>
  isPostgresUrl(db) ? { DATABASE_URL: db } : { DB_PATH: db, DATABASE_URL: "" };

export interface BenchServer {
  base: string;
  stop: () => Promise<void>;
}

/** `npm run bench -- --profile DIR` sets this: each server writes a CPU profile there when it stops. */
export const serverProfile = { dir: "" };

async function start(
  name: string,
  cmd: string[],
  cwd: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<BenchServer> {
  // Node refuses --cpu-prof in NODE_OPTIONS, so it goes on the command line (tsx as a loader then).
  const args = serverProfile.dir
    ? [
        "--cpu-prof",
        `--cpu-prof-dir=${serverProfile.dir}`,
        ...cmd.map((a) => (a.endsWith(path.join("tsx", "dist", "cli.mjs")) ? "--import=tsx" : a)),
      ]
    : cmd;
  const logFile = path.join(os.tmpdir(), `harness-lab-bench-${name}-${process.pid}.log`);
  const proc = await startProc(name, env, logFile, [readyPath], { cmd: [process.execPath, ...args], cwd });
  return { base: proc.base, stop: () => stopProc(proc) };
}

/** The dashboard as `npm start` serves it, built first if the build is missing or older than the sources. */
export function startDashboard(db: string): Promise<BenchServer> {
  const built = spawnSync(
    process.execPath,
    ["--input-type=module", "-e", "await (await import('./scripts/lib/setup.mjs')).ensureBuild()"],
    { cwd: root, stdio: "inherit" },
  );
  if (built.status !== 0) throw new Error("Building the dashboard failed; run `npm run build` to see why.");
  return start(
    "dashboard",
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "server", "main.ts")],
    root,
    dbEnv(db),
    "/api/health",
  );
}

/**
 * The minimal app, built once per content of ./minimal-next into a temporary folder (its
 * node_modules is a link to the project's, so it builds with the same next and better-sqlite3).
 */
export function startMinimal(db: string, log: (l: string) => void): Promise<BenchServer> {
  const src = path.join(__dirname, "minimal-next");
  const files = ["package.json", "next.config.mjs", "lib/db.js", "app/api/ingest/route.js", "app/api/claim/route.js"];
  const hash = createHash("sha256");
  for (const f of files) hash.update(f).update(fs.readFileSync(path.join(src, f)));
  const nextPkg = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as {
    version: string;
  };
  const dir = path.join(os.tmpdir(), `harness-lab-minimal-next-${nextPkg.version}-${hash.digest("hex").slice(0, 12)}`);
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    log(`building the minimal Next.js app in ${dir}…`);
    fs.rmSync(dir, { recursive: true, force: true });
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.copyFileSync(path.join(src, f), path.join(dir, f));
    }
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    const r = spawnSync(process.execPath, [nextBin, "build", "--webpack"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error(`Building the minimal app failed:\n${r.stdout}\n${r.stderr}`);
  }
  // The build is shared by every checkout with the same next and sources; its node_modules link
  // is the one of the checkout that built it, which may since have been deleted (a CI clone).
  const modules = path.join(dir, "node_modules");
  let linked: string | null = null;
  try {
    linked = fs.readlinkSync(modules);
  } catch {
    // no link at all: made below
  }
  if (linked !== path.join(root, "node_modules")) {
    fs.rmSync(modules, { force: true });
    fs.symlinkSync(path.join(root, "node_modules"), modules);
  }
  return start("minimal", [nextBin, "start", "-H", "127.0.0.1"], dir, dbEnv(db), "/api/claim");
}
