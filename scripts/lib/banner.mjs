// What the dashboard says when it starts: `npm start`'s ready banner (scripts/start.mjs) and the
// server's own listening line (server/main.ts). Pure, so its sentences are tested for every HOST
// (tests/unit/server/banner.test.ts): a server on a loopback HOST must not offer a LAN address
// to pair a phone with, nor claim that the device API is reachable from elsewhere.

import { startTimes } from "./progress.mjs";

/**
 * Whether HOST makes the server listen on loopback only (127.0.0.0/8, ::1, localhost).
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return /^127\.\d+\.\d+\.\d+$/.test(h) || h === "::1" || h === "localhost" || h.endsWith(".localhost");
}

/**
 * The addresses a phone on the network may use: none on a loopback HOST, every non-internal IPv4
 * address of this machine on a wildcard HOST (0.0.0.0, ::), otherwise HOST itself.
 * @param {string} host
 * @param {string[]} lanAddresses this machine's non-internal IPv4 addresses
 */
export function reachableAddresses(host, lanAddresses) {
  if (isLoopbackHost(host)) return [];
  const h = host.trim();
  return h === "0.0.0.0" || h === "::" || h === "[::]" || h === "" ? lanAddresses : [h];
}

const isWildcard = (/** @type {string} */ host) => ["", "0.0.0.0", "::", "[::]"].includes(host.trim());

/**
 * Where a browser on this machine opens the dashboard: localhost when HOST is a wildcard (0.0.0.0,
 * ::) or localhost, otherwise HOST itself (bracketed when IPv6): on HOST=127.0.0.2 or ::1 the
 * server answers there only, and localhost may not be that address.
 * @param {string} host
 * @param {number | string} port
 */
export function localOrigin(host, port) {
  const h = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (isWildcard(host) || h.toLowerCase() === "localhost") return `http://localhost:${port}`;
  return `http://${h.includes(":") ? `[${h}]` : h}:${port}`;
}

/**
 * Where `npm start` asks /api/health whether the server is up: 127.0.0.1 behind a wildcard HOST
 * (Node's `::` takes IPv4 too), otherwise the address the server listens on.
 * @param {string} host
 * @param {number | string} port
 */
export function healthUrl(host, port) {
  return `${isWildcard(host) ? `http://127.0.0.1:${port}` : localOrigin(host, port)}/api/health`;
}

/**
 * What `npm start` says once, when /api/health has not answered for a while; the banner follows
 * when it does.
 * @param {{ url: string, seconds: number }} o
 */
export function notAnsweringLine({ url, seconds }) {
  return `  The server has not answered ${url} after ${Math.round(seconds)} s: its messages above say what it is doing (migrating a large database can take minutes) or what is wrong. Still waiting; Ctrl-C stops it.`;
}

/**
 * Where the data lives, as the banner names it: on PostgreSQL (`DATABASE_URL=postgres://…`) its
 * host, port and database, never the password; else the SQLite file (DB_PATH, or the default).
 * @param {{ DATABASE_URL?: string, DB_PATH?: string }} env
 */
export function databaseLabel(env) {
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    try {
      // No dependency here: `npm start` loads this before it installs any. A socket URL has no host
      // (`postgres://u@/db?host=/run/pg`), which URL cannot parse; a placeholder host stands in.
      const u = new URL(url.replace(/^(postgres(?:ql)?:\/\/(?:[^@/]*@)?)(?=[/?]|$)/i, "$1localhost"));
      const socket = u.searchParams.get("host");
      const where = socket?.startsWith("/") ? `socket ${socket}` : `${u.hostname}${u.port ? `:${u.port}` : ""}`;
      const db = decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres";
      return `PostgreSQL, database ${db} on ${where}`;
    } catch {
      return "PostgreSQL (DATABASE_URL)";
    }
  }
  return env.DB_PATH || "./data/harness-lab.db";
}

/**
 * The server's one line once it listens (server/main.ts).
 * @param {{ host: string, port: number | string, adminPassword: boolean }} o
 */
export function listeningLine({ host, port, adminPassword }) {
  const where = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const scope = isLoopbackHost(host)
    ? " (this machine only, the device API included; restart with HOST=0.0.0.0 to let phones on the network reach it)"
    : adminPassword
      ? " (admin login enabled)"
      : " (loopback only, except the device API)";
  return `[harness-lab] listening on http://${where}:${port}${scope}`;
}

/**
 * `npm start`'s banner once /api/health answers.
 * @param {{ seconds: number, install?: number, build?: number, port: number | string, host: string, database: string, adminPassword: boolean, lanAddresses: string[] }} o
 *   seconds: the server's start; install, build: those steps' seconds when `npm start` ran them
 */
export function readyBanner({ seconds, install, build, port, host, database, adminPassword, lanAddresses }) {
  const local = localOrigin(host, port);
  const head = `
  Harness Lab is ready in ${startTimes({ install, build, server: seconds })}: ${local}
  Database: ${database}
`;
  const tail = `  No phone? Click "Run a demo with simulated phones" on the Sessions page.
`;
  if (isLoopbackHost(host)) {
    return `${head}
  Only this machine can reach it: HOST is ${host}, a loopback address, so phones and browsers on
  the network cannot, not even the device API. To pair a phone, restart with HOST=0.0.0.0, then
  open ${local}/devices, create a token, and enter it in the phone app.
${tail}`;
  }
  const lan = reachableAddresses(host, lanAddresses).map((a) => `http://${a}:${port}`);
  return `${head}
  Pair a phone: open ${local}/devices, create a token, and enter it in the phone app
  with this dashboard's address${lan.length ? ` (${lan.join(", ")})` : ""}.
  Other machines reach only the device API${adminPassword ? "; browsers elsewhere log in with ADMIN_PASSWORD" : " (set ADMIN_PASSWORD to let browsers elsewhere log in)"}.
${tail}`;
}
