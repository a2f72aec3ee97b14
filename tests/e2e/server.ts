import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..", "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  base: string;
  port: number;
  child: ChildProcess;
  dir: string;
  log: () => string;
}

export interface StartOptions {
  /** Restart a server that was stopped or killed: the same folder (database and log, appended) and port. */
  reuse?: { dir: string; port: number };
}

/**
 * Starts the built dashboard (server/main.ts) in its own process group, on a free port, with a
 * fresh database, or (with `reuse`) again on the database and port of an earlier one.
 */
export async function startServer(env: Record<string, string> = {}, opts: StartOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("No build found: run `npx next build` (npm test does it for you).");
  const port = opts.reuse?.port ?? (await freePort());
  const dir = opts.reuse?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-e2e-"));
  const logFile = path.join(dir, "server.log");
  const log = fs.openSync(logFile, opts.reuse ? "a" : "w");
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "server", "main.ts")],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        NODE_ENV: "production",
        DB_PATH: path.join(dir, "e2e.db"),
        PORT: String(port),
        HOST: "127.0.0.1",
        NEXT_TELEMETRY_DISABLED: "1",
        // Each test server would load the 33 MB tokenizer at start (2–25 s of a core, ~400 MB);
        // the budget specs load it on first visit instead, which also shows its loading state.
        TOKENIZER_PRELOAD: "0",
        ...env,
      },
    },
  );
  fs.closeSync(log); // the child has its own copy; a restarted server must not leak one per start
  const base = `http://127.0.0.1:${port}`;
  const read = () => fs.readFileSync(logFile, "utf8");
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`The dashboard did not start; its log:\n${read()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, port, child, dir, log: read };
}
