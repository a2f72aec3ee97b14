import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Stops the server this run started (its whole process group, by PID) and removes its files. */
export default async function globalTeardown() {
  const file = path.join(os.tmpdir(), "harness-lab-e2e.json");
  if (!fs.existsSync(file)) return;
  const { pid, dir } = JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number; dir: string };
  try {
    process.kill(-pid, "SIGTERM");
  } catch {}
  fs.rmSync(file, { force: true });
  if (!process.env.E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}
