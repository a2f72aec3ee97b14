// What `npm start` (and `npm test`) say while they install and build: pure functions, so every
// sentence and estimate is tested (tests/unit/server/progress.test.ts). It imports nothing:
// start.mjs loads it before node_modules exists.
//
// The typical durations are measured, not guessed: a fresh clone on this project's 2-core machine
// (Node 20, npm 11), quiet, as docs/testing.md § "A fresh clone" records. Change them with it.

/** Seconds measured on a quiet 2-core machine (docs/testing.md § "A fresh clone"). */
export const MEASURED = {
  /** `npm ci`, every tarball already in npm's cache: unpacking ~25 s, then the install scripts. */
  installWarm: 80,
  /** `npm ci` with an empty npm cache: every tarball downloaded first. */
  installCold: 100,
  /** better-sqlite3 compiling its SQLite driver from source (no prebuilt binary downloadable). */
  sqliteCompile: 55,
  /** `next build`: compile ~16 s, TypeScript ~27 s, pages ~2 s. */
  build: 45,
};

/** How often a step that prints nothing says it is still going. */
export const TICK_SECONDS = 15;

/**
 * A duration as people say it: "8 s", "45 s", "1 min 20 s", "3 min".
 * @param {number} seconds
 */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  // Past ten minutes the seconds are noise.
  if (m >= 10 || rest === 0) return `${rest >= 30 && m >= 10 ? m + 1 : m} min`;
  return `${m} min ${rest} s`;
}

/**
 * A rough, honest "how long is left": what remains of the measured duration, rounded up to 5 s
 * (to a minute past five); once the step has run past it, says so instead of counting down below 0.
 * @param {number} elapsed seconds so far
 * @param {number} typical seconds the step took when measured
 */
export function remaining(elapsed, typical) {
  const left = typical - elapsed;
  if (left <= 5) return `past the ${formatDuration(typical)} it took on a quiet 2-core machine, still going`;
  const rounded = left > 300 ? Math.ceil(left / 60) * 60 : Math.ceil(left / 5) * 5;
  return `about ${formatDuration(rounded)} left`;
}

/**
 * Whether a lock-file entry is installed on this machine: npm skips packages whose `os`, `cpu` or
 * `libc` exclude it (the other platforms' native binaries).
 * @param {{ os?: string[], cpu?: string[], libc?: string[] }} entry
 * @param {{ platform: string, arch: string, libc?: string }} machine
 */
export function fitsMachine(entry, machine) {
  const allows = (/** @type {string[] | undefined} */ list, /** @type {string | undefined} */ value) => {
    if (!list || list.length === 0) return true;
    if (value === undefined) return !list.some((v) => !v.startsWith("!"));
    if (list.includes(`!${value}`)) return false;
    const positive = list.filter((v) => !v.startsWith("!"));
    return positive.length === 0 || positive.includes(value);
  };
  return allows(entry.os, machine.platform) && allows(entry.cpu, machine.arch) && allows(entry.libc, machine.libc);
}

/**
 * The packages `npm ci` places in node_modules on this machine, from package-lock.json (v2/v3):
 * every entry reachable from the root and its workspaces through dependencies, optional
 * dependencies and non-optional peers, resolved the way Node resolves (nearest node_modules up
 * the tree), leaving out the entries that do not fit this platform and whatever only they need.
 * @param {{ packages: Record<string, any> }} lock
 * @param {{ platform: string, arch: string, libc?: string }} machine
 * @returns {{ path: string, integrity?: string, installScript: boolean }[]} a workspace's link
 *   without integrity; installScript: the package runs a script as it installs
 */
export function installPlan(lock, machine) {
  const pkgs = lock.packages ?? {};
  /** @param {string} from @param {string} name */
  const resolve = (from, name) => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (pkgs[candidate]) return candidate;
      if (!dir) return undefined;
      const i = dir.lastIndexOf("/node_modules/");
      dir = i >= 0 ? dir.slice(0, i) : "";
    }
  };
  const seen = new Set();
  const out = [];
  /** @param {string} p */
  const visit = (p) => {
    if (seen.has(p)) return;
    seen.add(p);
    const entry = pkgs[p];
    if (!entry) return;
    if (entry.link) {
      // A workspace: node_modules/<name> links to its folder, whose entry lists its dependencies.
      out.push({ path: p, installScript: false });
      const target = entry.resolved;
      if (target && pkgs[target]) {
        seen.add(target);
        walk(target, pkgs[target]);
      }
      return;
    }
    if (!fitsMachine(entry, machine)) return;
    if (p) out.push({ path: p, integrity: entry.integrity, installScript: !!entry.hasInstallScript });
    walk(p, entry);
  };
  /** @param {string} p @param {any} entry */
  const walk = (p, entry) => {
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      // The root's and the workspaces' own dev dependencies are installed, not those of packages.
      ...(p.includes("node_modules/") ? [] : Object.keys(entry.devDependencies ?? {})),
      ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional),
    ];
    for (const name of names) {
      const r = resolve(p, name);
      if (r) visit(r);
    }
  };
  seen.add("");
  const root = pkgs[""] ?? {};
  walk("", root);
  // The workspaces ("packages/*"): npm links each into node_modules and installs its dependencies.
  const prefixes = (root.workspaces ?? []).map((/** @type {string} */ ws) => ws.replace(/\/?\*$/, "/"));
  const isWorkspace = (/** @type {string} */ p) =>
    !p.includes("node_modules/") &&
    prefixes.some((/** @type {string} */ w) => p === w.replace(/\/$/, "") || p.startsWith(w));
  for (const [p, entry] of Object.entries(pkgs)) if (entry.link && isWorkspace(entry.resolved ?? "")) visit(p);
  for (const p of Object.keys(pkgs))
    if (p && isWorkspace(p) && !seen.has(p)) {
      seen.add(p);
      walk(p, pkgs[p]);
    }
  return out;
}

/**
 * Where npm's cache keeps a tarball, by its integrity (cacache's content-addressed layout):
 * `content-v2/<algorithm>/<hex[0:2]>/<hex[2:4]>/<hex[4:]>`, relative to the cache's `_cacache`.
 * Base64 decoding without Buffer, so this stays pure and portable.
 * @param {string} integrity e.g. "sha512-yIPo…=="
 */
export function cachePath(integrity) {
  const first = integrity.trim().split(/\s+/)[0];
  const dash = first.indexOf("-");
  const algorithm = first.slice(0, dash);
  const hex = base64ToHex(first.slice(dash + 1));
  return `content-v2/${algorithm}/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4)}`;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/** @param {string} b64 */
function base64ToHex(b64) {
  let bits = 0;
  let value = 0;
  let hex = "";
  for (const ch of b64.replace(/=+$/, "")) {
    const v = B64.indexOf(ch);
    if (v < 0) continue;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      hex += ((value >> bits) & 0xff).toString(16).padStart(2, "0");
    }
  }
  return hex;
}

/**
 * The line before `npm ci`: what it installs, how much of it npm's cache already holds, and how
 * long that took when measured.
 * @param {{ packages: number, cached: number }} o
 */
export function installStartLine({ packages, cached }) {
  const warm = cached >= packages * 0.9;
  const cache = warm
    ? cached >= packages
      ? "all already in npm's cache"
      : `all but ${packages - cached} already in npm's cache`
    : cached === 0
      ? "none in npm's cache yet, so each is downloaded first"
      : `${cached} in npm's cache, the rest downloaded first`;
  const typical = warm ? MEASURED.installWarm : MEASURED.installCold;
  return `▸ Installing dependencies (npm ci: ${packages} packages, ${cache}; about ${formatDuration(typical)} on a quiet 2-core machine, several minutes on a busy one or a slow network)…`;
}

/** The typical duration the install's progress lines count down from. @param {{ packages: number, cached: number }} o */
export const typicalInstall = ({ packages, cached }) =>
  cached >= packages * 0.9 ? MEASURED.installWarm : MEASURED.installCold;

/**
 * A line every TICK_SECONDS while `npm ci` runs: how far it is, by what can be seen on disk.
 * @param {{ elapsed: number, present: number, before: number, packages: number, typical: number, compiling: boolean }} o
 *   present: the planned packages unpacked so far (their package.json is there); before: at the last
 *   line (unchanged while npm runs the install scripts); compiling: better-sqlite3 is building its native module from
 *   source (its build/ folder exists, its .node file not yet)
 */
export function installProgressLine({ elapsed, present, before, packages, typical, compiling }) {
  const what = compiling
    ? `better-sqlite3 is compiling its SQLite driver (no prebuilt binary could be downloaded; ~${formatDuration(MEASURED.sqliteCompile)} on a quiet 2-core machine)`
    : present >= packages || (present > 0 && present === before)
      ? `${present} of ${packages} packages unpacked, running their install scripts`
      : `${present} of ${packages} packages in node_modules so far`;
  return `  still installing, ${formatDuration(elapsed)}: ${what}; ${remaining(elapsed, typical)}`;
}

/**
 * What `next build` is doing, from the last of its own lines that names a phase.
 * @param {string} line one line of next build's output
 * @returns {string | undefined} a phase, or undefined when the line names none
 */
export function buildPhase(line) {
  const l = line.replace(/\x1b\[[0-9;]*m/g, "").trim(); // eslint-disable-line no-control-regex
  if (/^Creating an optimized production build/i.test(l)) return "compiling";
  if (/^✓ Compiled/i.test(l)) return "compiled";
  if (/^Running TypeScript|^Linting and checking validity of types/i.test(l)) return "checking types";
  if (/^Finished TypeScript/i.test(l)) return "types checked";
  if (/^Collecting page data/i.test(l)) return "collecting page data";
  if (/Generating static pages/i.test(l)) return "generating static pages";
  if (/^Finalizing page optimization/i.test(l)) return "finalizing";
  return undefined;
}

/**
 * Whether a line of next build's output belongs to its route table (a line per page and API
 * route, some eighty in all, with its legend), which `npm start` counts instead of printing.
 * @param {string} line
 */
export function isRouteTableLine(line) {
  const l = line.replace(/\x1b\[[0-9;]*m/g, "").trim(); // eslint-disable-line no-control-regex
  return /^[┌├└]\s/.test(l) || /^Route \((app|pages)\)/.test(l) || /^[○ƒ●◐λ]\s+\(\w+\)/.test(l);
}

/**
 * The line after a build: how many routes it built, in place of their table.
 * @param {{ routes: number, seconds: number }} o
 */
export function buildDoneLine({ routes, seconds }) {
  return `  built in ${formatDuration(seconds)}${routes ? `: ${routes} pages and API routes` : ""}`;
}

/** The line before `next build`. */
export function buildStartLine() {
  return `▸ Building the dashboard (next build: compiles the pages, then type-checks; about ${formatDuration(MEASURED.build)} on a quiet 2-core machine)…`;
}

/**
 * A line after TICK_SECONDS in which next build printed nothing.
 * @param {{ elapsed: number, phase?: string }} o
 */
export function buildProgressLine({ elapsed, phase }) {
  return `  still building, ${formatDuration(elapsed)}${phase ? ` (${phase})` : ""}; ${remaining(elapsed, MEASURED.build)}`;
}

/** The line before the server starts. */
export function serverStartLine() {
  return "▸ Starting the server (applies database migrations, loads the default suite; a few seconds)…";
}

/**
 * How long `npm start` took, step by step, for the ready banner: "127 s (install 80 s, build 45 s,
 * server 1.6 s)", or only the server's time when nothing was installed or built.
 * @param {{ install?: number, build?: number, server: number }} steps seconds
 */
export function startTimes({ install, build, server }) {
  const parts = [];
  if (install !== undefined) parts.push(`install ${formatDuration(install)}`);
  if (build !== undefined) parts.push(`build ${formatDuration(build)}`);
  if (!parts.length) return `${server.toFixed(1)} s`;
  parts.push(`server ${server.toFixed(1)} s`);
  return `${formatDuration((install ?? 0) + (build ?? 0) + server)} (${parts.join(", ")})`;
}
