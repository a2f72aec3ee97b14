/**
 * A test run killed before its teardown (SIGKILL, a timeout) must not leave its throwaway
 * PostgreSQL running: scripts/lib/pg-server.mjs starts a watchdog that ends the server and removes
 * its folder once the process that started it is gone.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgUrl } from "../../support/pg";

const root = path.resolve(__dirname, "..", "..", "..");
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!pgUrl)("a throwaway PostgreSQL whose starter is SIGKILLed", () => {
  it("is stopped and its folder removed by the watchdog", async () => {
    const starter = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { startPgServer } = await import(${JSON.stringify(path.join(root, "scripts/lib/pg-server.mjs"))});
         const s = await startPgServer();
         console.log(JSON.stringify({ pid: s.pid, dir: s.dir }));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const started = await new Promise<{ pid: number; dir: string }>((resolve, reject) => {
      starter.stdout.once("data", (b: Buffer) => resolve(JSON.parse(b.toString())));
      starter.once("exit", (code) => reject(new Error(`the starter exited with ${code} before starting a server`)));
    });
    expect(alive(started.pid)).toBe(true);
    starter.kill("SIGKILL");
    const deadline = Date.now() + 20_000;
    while ((alive(started.pid) || fs.existsSync(started.dir)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const left = alive(started.pid);
    if (left) {
      // Never leave it behind, even when the check fails: SIGINT is what su hands on to postgres
      // (a SIGKILL would end su alone and orphan the server).
      process.kill(-started.pid, "SIGINT");
      await new Promise((r) => setTimeout(r, 3000));
      fs.rmSync(started.dir, { recursive: true, force: true });
    }
    expect(left).toBe(false);
    expect(fs.existsSync(started.dir)).toBe(false);
  }, 40_000);
});
