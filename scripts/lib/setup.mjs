// Shared by `npm start` and `npm test`: make a fresh clone runnable without any other step.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

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

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const installed = mtime(path.join(root, "node_modules", ".package-lock.json"));
  if (installed && installed >= mtime(path.join(root, "package-lock.json"))) return;
  console.log("▸ Installing dependencies (npm ci; better-sqlite3 compiles from source, about a minute)…");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
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

/** Builds the app when there is no build or any source is newer than it. */
export function ensureBuild() {
  if (!buildNeeded()) return;
  console.log("▸ Building the dashboard (next build, about a minute)…");
  run("npx", ["next", "build"], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
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
