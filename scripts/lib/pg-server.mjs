// A throwaway PostgreSQL server for tests and benchmarks: initdb into a temporary folder, then
// `postgres` on a free loopback port with its socket in that folder, in its own process group.
// initdb and postgres refuse to run as root, so as root they run as the `postgres` user (Debian's
// `postgresql` package creates it). Nothing is left behind: stop() ends the server (by PID) and
// removes the folder.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** The folder holding initdb and postgres, or null when PostgreSQL is not installed. */
export function findPgBin() {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, "initdb"))) return fromEnv;
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (config.status === 0 && fs.existsSync(path.join(config.stdout.trim(), "initdb"))) return config.stdout.trim();
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** argv run as the postgres user when we are root (initdb refuses root), as ourselves otherwise. */
function asOwner(argv) {
  if (!isRoot()) return argv;
  const quoted = argv.map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(" ");
  return ["su", "postgres", "-s", "/bin/sh", "-c", `exec ${quoted}`];
}

async function waitReady(bin, dir, port, child, timeoutMs) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`postgres exited with ${child.exitCode} while starting; see ${path.join(dir, "postgres.log")}`);
    const r = spawnSync(path.join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port), "-q"]);
    if (r.status === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`postgres did not accept connections within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a PostgreSQL server and returns `{ url, port, dir, bin, stop }`, `url` being the
 * `postgres` database as the `postgres` superuser (trust auth on loopback). Throws with a
 * sentence to act on when PostgreSQL is missing.
 */
export async function startPgServer({ timeoutMs = 20_000, durable = false } = {}) {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      "PostgreSQL is not installed: apt-get install postgresql (Debian), or set PG_BIN to the folder holding initdb and postgres.",
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-pg-"));
  if (isRoot()) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  // C.UTF-8: byte-order collation, so ORDER BY on text is the code-unit order protocol.md §4 asks for.
  const initdb = asOwner([
    path.join(bin, "initdb"),
    "-D",
    data,
    "--auth=trust",
    "--no-sync",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
  ]);
  execFileSync(initdb[0], initdb.slice(1), { stdio: "ignore" });
  const port = await freePort();
  const log = fs.openSync(path.join(dir, "postgres.log"), "a");
  if (isRoot())
    fs.fchownSync(
      log,
      Number(execFileSync("id", ["-u", "postgres"]).toString()),
      Number(execFileSync("id", ["-g", "postgres"]).toString()),
    );
  const argv = asOwner([
    path.join(bin, "postgres"),
    "-D",
    data,
    "-k",
    dir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    // Tests trade durability for speed; `durable` keeps PostgreSQL's defaults (fsync, synchronous
    // commit, full-page writes) so a benchmark's commits cost what they cost in a deployment.
    ...(durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    "-c",
    "max_connections=200",
  ]);
  const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  try {
    await waitReady(bin, dir, port, child, timeoutMs);
  } catch (e) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    throw e;
  }
  // A run killed before it can call stop() (a test runner stopped with SIGKILL, a timeout) would
  // leave this server running and its folder behind: a watchdog in its own process group ends
  // both once the process that started them is gone.
  const watchdog = spawn(
    "/bin/sh",
    [
      "-c",
      'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -INT -"$2" 2>/dev/null; sleep 5; kill -KILL -"$2" 2>/dev/null; rm -rf "$3"',
      "pg-watchdog",
      String(process.pid),
      String(child.pid),
      dir,
    ],
    { detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-watchdog.pid, "SIGKILL");
    } catch {}
    // SIGINT is PostgreSQL's fast shutdown; the whole group goes (su and postgres).
    try {
      process.kill(-child.pid, "SIGINT");
    } catch {}
    const deadline = Date.now() + 10_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, bin, pid: child.pid, stop };
}
