import fs from "node:fs";

/** Stops the server this run started (its whole process group, by PID) and removes its files. */
export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {}
  }
  const dir = process.env.E2E_DIR;
  if (dir && !process.env.E2E_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}
