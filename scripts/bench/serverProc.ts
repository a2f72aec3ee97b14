/**
 * Starting, measuring and stopping a server the way a person does (`npx tsx <file>`), in its own
 * process group on a free port, for the page and start-up benchmarks (targets 6 and 7).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { freePort } from "../../tests/e2e/server";

export interface Proc {
  child: ChildProcess;
  base: string;
  /** From spawn to /api/health answering 200 and / rendering (or the first 200 from `/` for a bare server). */
  readyMs: number;
  log: () => string;
}

async function ok(url: string): Promise<boolean> {
  try {
    const r = await fetch(url);
    await r.arrayBuffer();
    return r.status < 500; // a route that only takes POST answers 405: it is up
  } catch {
    return false;
  }
}

/**
 * A command (by default `npx tsx <file>`, as a person starts it) in its own process group on a
 * free port; resolves once every `readyPaths` answers below 500 (polled every 20 ms).
 */
export async function startProc(
  file: string,
  env: Record<string, string>,
  logFile: string,
  readyPaths: string[],
  opts: { cmd?: string[]; cwd?: string } = {},
): Promise<Proc> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const fd = fs.openSync(logFile, "w");
  const t0 = performance.now();
  const [program, ...args] = opts.cmd ?? ["npx", "tsx", file];
  const child = spawn(program, args, {
    cwd: opts.cwd ?? process.cwd(),
    detached: true,
    stdio: ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
  });
  fs.closeSync(fd);
  const log = () => fs.readFileSync(logFile, "utf8");
  const deadline = Date.now() + 120_000;
  // Wait for each path in turn: "/" is only asked once the health check passes, as a person would.
  for (const p of readyPaths) {
    while (!(await ok(`${base}${p}`))) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`${file} did not start; its log:\n${log()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return { child, base, readyMs: performance.now() - t0, log };
}

/** SIGTERM to the whole group, then wait for the leader to exit (SIGKILL after 20 s). */
export async function stopProc(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.pid === undefined) return;
  const exited = new Promise((r) => p.child.once("exit", r));
  try {
    process.kill(-p.child.pid, "SIGTERM");
  } catch {}
  const timer = setTimeout(() => {
    try {
      process.kill(-p.child.pid!, "SIGKILL");
    } catch {}
  }, 20_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory (MB) of every process in the group, from /proc (Linux). */
export function groupRss(pgid: number): { pid: number; cmd: string; mb: number }[] {
  const out: { pid: number; cmd: string; mb: number }[] = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      // Fields after the parenthesised command: state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${d}/status`, "utf8"))?.[1] ?? 0);
      out.push({
        pid: Number(d),
        cmd: fs.readFileSync(`/proc/${d}/cmdline`, "utf8").replace(/\0/g, " ").trim(),
        mb: kb / 1024,
      });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** The process actually serving (the one node runs the file in, under tsx's loader) and the whole group (npm, tsx, esbuild). */
export function serverRss(pgid: number, file: string): { serverMb: number; groupMb: number } {
  const all = groupRss(pgid);
  const servers = all.filter((p) => p.cmd.includes(file) && p.cmd.includes("loader.mjs"));
  return { serverMb: Math.max(0, ...servers.map((p) => p.mb)), groupMb: all.reduce((a, p) => a + p.mb, 0) };
}
