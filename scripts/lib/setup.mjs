// Shared by `npm start` and `npm test`: make a fresh clone runnable without any other step.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  TICK_SECONDS,
  buildPhase,
  buildDoneLine,
  buildProgressLine,
  buildStartLine,
  cachePath,
  installPlan,
  installProgressLine,
  installStartLine,
  isRouteTableLine,
  typicalInstall,
} from "./progress.mjs";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${r.status ?? r.signal}`);
    process.exit(r.status ?? 1);
  }
}

const mtime = (p) => {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Runs a long step with its output passed through line by line, and a progress line from `tick`
 * every TICK_SECONDS in which the step printed nothing (npm ci prints nothing for a minute; next
 * build is silent while it compiles and type-checks). Exits like `run` when the step fails.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, tick: (elapsed: number) => string, onLine?: (line: string) => boolean | void }} o
 *   onLine: sees every line; returning false leaves the line out
 * @returns {Promise<number>} the seconds it took
 */
export function runWithProgress(cmd, args, { env = process.env, tick, onLine }) {
  const t0 = Date.now();
  // Piped, so npm and Next.js print lines rather than a spinner; colours kept on a terminal.
  const color = process.stdout.isTTY ? { FORCE_COLOR: "1" } : {};
  const child = spawn(cmd, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...env, ...color } });
  let quietSince = Date.now();
  const pass = (/** @type {NodeJS.ReadableStream} */ from, /** @type {NodeJS.WriteStream} */ to) => {
    let rest = "";
    from.setEncoding("utf8");
    from.on("data", (/** @type {string} */ chunk) => {
      rest += chunk;
      const lines = rest.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        if (onLine?.(line) !== false) to.write(`${line}\n`);
        quietSince = Date.now();
      }
    });
    from.on("end", () => rest && to.write(`${rest}\n`));
  };
  pass(child.stdout, process.stdout);
  pass(child.stderr, process.stderr);
  const timer = setInterval(() => {
    if (Date.now() - quietSince < TICK_SECONDS * 1000 - 500) return;
    console.log(tick((Date.now() - t0) / 1000));
    quietSince = Date.now();
  }, 1000);
  return new Promise((resolve) => {
    const end = (/** @type {number | null} */ code, /** @type {string | null} */ why) => {
      clearInterval(timer);
      if (code !== 0) {
        console.error(`\n✗ ${cmd} ${args.join(" ")} ${why ?? `exited with ${code}`}`);
        process.exit(code || 1);
      }
      resolve((Date.now() - t0) / 1000);
    };
    child.on("error", (e) => end(1, `did not start: ${e.message}`));
    child.on("close", (code, signal) => end(code ?? 1, signal ? `was stopped by ${signal}` : null));
  });
}

/** Whether this machine's C library is glibc (npm skips the musl builds then) or musl. */
function libc() {
  if (process.platform !== "linux") return undefined;
  return process.report?.getReport()?.header?.glibcVersionRuntime ? "glibc" : "musl";
}

/**
 * Installs dependencies when node_modules is missing or older than the lock file, saying what it
 * installs and, every TICK_SECONDS, how far it is.
 * @returns {Promise<number | undefined>} the seconds it took, undefined when nothing was needed
 */
export async function ensureDependencies() {
  const installed = mtime(path.join(root, "node_modules", ".package-lock.json"));
  if (installed && installed >= mtime(path.join(root, "package-lock.json"))) return undefined;
  const plan = installPlan(JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")), {
    platform: process.platform,
    arch: process.arch,
    libc: libc(),
  });
  // npm passes its cache folder to the scripts it runs; ~/.npm is its default elsewhere.
  const cache = path.join(process.env.npm_config_cache || path.join(os.homedir(), ".npm"), "_cacache");
  const tarballs = plan.filter((e) => e.integrity);
  const counts = {
    packages: plan.length,
    cached:
      tarballs.filter((e) => fs.existsSync(path.join(cache, cachePath(/** @type {string} */ (e.integrity))))).length +
      (plan.length - tarballs.length),
  };
  console.log(installStartLine(counts));
  const sqlite = path.join(root, "node_modules", "better-sqlite3", "build");
  let before = 0;
  return runWithProgress("npm", ["ci", "--no-audit", "--no-fund"], {
    tick: (elapsed) => {
      const present = plan.filter((e) => fs.existsSync(path.join(root, e.path, "package.json"))).length;
      const compiling =
        fs.existsSync(path.join(sqlite, "Makefile")) &&
        !fs.existsSync(path.join(sqlite, "Release", "better_sqlite3.node"));
      const line = installProgressLine({
        elapsed,
        present,
        before,
        packages: plan.length,
        typical: typicalInstall(counts),
        compiling,
      });
      before = present;
      return line;
    },
  });
}

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return t;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : mtime(p));
  }
  return t;
}

/** True when there is no build or any source is newer than it. */
export function buildNeeded() {
  const built = mtime(path.join(root, ".next", "BUILD_ID"));
  const sources = Math.max(
    ...["app", "src", "db"].map((d) => newest(path.join(root, d))),
    ...["next.config.ts", "package-lock.json", "instrumentation.ts", "tsconfig.json"].map((f) =>
      mtime(path.join(root, f)),
    ),
  );
  return !built || built < sources;
}

/**
 * Builds the app when there is no build or any source is newer than it, passing next build's
 * lines through and saying, whenever it has been silent for TICK_SECONDS, how long it has run.
 * @returns {Promise<number | undefined>} the seconds it took, undefined when nothing was needed
 */
export async function ensureBuild() {
  if (!buildNeeded()) return undefined;
  console.log(buildStartLine());
  /** @type {string | undefined} */
  let phase;
  let routes = 0;
  const seconds = await runWithProgress("npx", ["next", "build"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    onLine: (line) => {
      phase = buildPhase(line) ?? phase;
      if (isRouteTableLine(line)) {
        if (/[├└┌]/.test(line)) routes++;
        return false;
      }
      return line.trim() !== ""; // next build's blank lines framed the table
    },
    tick: (elapsed) => buildProgressLine({ elapsed, phase }),
  });
  console.log(buildDoneLine({ routes, seconds }));
  return seconds;
}

/** A Chromium for Playwright: $CHROMIUM_PATH, Debian's, Playwright's own, or installed here. */
export function ensureBrowser() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  for (const c of candidates) if (fs.existsSync(c)) return c;
  try {
    const p = execFileSync(
      process.execPath,
      ["-e", "process.stdout.write(require('playwright-core').chromium.executablePath())"],
      { cwd: root },
    ).toString();
    if (p && fs.existsSync(p)) return p;
  } catch {}
  if (process.platform === "linux" && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("▸ Installing Debian's chromium for the browser tests (apt-get)…");
    run("apt-get", ["update", "-qq"]);
    run("apt-get", ["install", "-y", "-qq", "chromium"], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.log("▸ Installing Playwright's Chromium (npx playwright install chromium)…");
  run("npx", ["playwright", "install", "chromium"]);
  return execFileSync(
    process.execPath,
    ["-e", "process.stdout.write(require('playwright-core').chromium.executablePath())"],
    { cwd: root },
  ).toString();
}
