import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function freePort(): Promise<number> {
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

/** Starts the built dashboard in its own process group, on a free port, with a fresh database. */
export default async function globalSetup() {
  const root = path.resolve(__dirname, "..", "..");
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("No build found: run `npx next build` (npm test does it for you).");
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-e2e-"));
  const log = fs.openSync(path.join(dir, "server.log"), "w");
  const child = spawn(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, DB_PATH: path.join(dir, "e2e.db"), PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) {
      throw new Error(`The dashboard did not start; see ${path.join(dir, "server.log")}:\n${fs.readFileSync(path.join(dir, "server.log"), "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // Teardown runs in this same process: the environment carries what it must stop, so two
  // Playwright runs on one machine never stop each other's servers.
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DIR = dir;
  process.env.E2E_SERVER_PID = String(child.pid);
}
