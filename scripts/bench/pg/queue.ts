/**
 * Issue 18.7, the queue on PostgreSQL across processes (`npm run bench -- --engine postgres`, or
 * the `pg-queue` step): a throwaway server (scripts/lib/pg-server.mjs), one database, and three
 * child processes (worker.ts), each a dashboard process with its own pool and LISTEN connection.
 *
 * - Wake-up: process A long-polls an empty queue; process B re-queues the one job (failJob, whose
 *   notification every process hears); the time from B's call to A's poll answering, ≥ 200 times.
 *   Target p99 < 100 ms.
 * - Claims/s: a session of queued jobs claimed until empty by 12 concurrent claim loops in one
 *   process, against 4 loops in each of three processes (same total concurrency), alternating.
 *   Reported as throughput and ratio; no target (the issue asks for the scaling and what to expect).
 */
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";
// @ts-expect-error: a plain .mjs module shared with the tests (tests/support/pg-global.ts imports it so too)
import { startPgServer as startPgServerUntyped } from "../../lib/pg-server.mjs";
import { createPgContext } from "../../../src/server/context";
import { median, type Figure } from "../measure";
import type { Command } from "./worker";
import { defaultSuite, seedQueue, seedSuite } from "./seed";

const startPgServer = startPgServerUntyped as () => Promise<{
  url: string;
  port: number;
  stop: () => Promise<void>;
}>;

interface Worker {
  child: ChildProcess;
  ask: <T>(c: Command) => Promise<T>;
}

function startWorker(url: string): Promise<Worker> {
  const child = fork(path.join(__dirname, "worker.ts"), [], {
    execArgv: ["--import", "tsx", "--conditions=react-server"],
    env: { ...process.env, HL_BENCH_PG_URL: url },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let next = 0;
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`a benchmark worker exited with ${code} before it was ready`)));
    child.on("message", (m: { id?: number; ready?: boolean; error?: string }) => {
      if (m.ready) return resolve({ child, ask });
      const w = waiting.get(m.id!);
      waiting.delete(m.id!);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m as never);
    });
  });
  function ask<T>(c: Command): Promise<T> {
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: never) => void, reject });
      child.send({ id, ...c });
    });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];
type Claimed = { job: { id: string; token: string } | null };
type Span = { claims: number; startedAt: number; endedAt: number };

export async function benchPgQueue(
  reps: number,
  log: (l: string) => void,
  polls = 250,
  jobs = 3000,
): Promise<Figure[]> {
  const server = await startPgServer();
  const workers: Worker[] = [];
  let pool: pg.Pool | null = null;
  try {
    const admin = new pg.Client(server.url);
    await admin.connect();
    await admin.query("CREATE DATABASE hl_bench");
    await admin.end();
    const url = server.url.replace(/\/postgres$/, "/hl_bench");
    const migrated = await createPgContext(url, { poolMax: 2 }); // migrations, once
    await migrated.store.close();
    pool = new pg.Pool({ connectionString: url, max: 2 });
    const suite = defaultSuite();
    const devices = Array.from({ length: 12 }, (_, i) => `dev_bench_${i}`);
    await seedSuite(pool, suite, devices);
    for (let i = 0; i < 3; i++) workers.push(await startWorker(url));
    log(`  pg: server ${server.port}, 3 worker processes ready (${os.availableParallelism()} cores)`);

    // Claims: 1 process × 12 loops against 3 processes × 4 loops, alternating which goes first.
    const one: number[] = [];
    const three: number[] = [];
    const runOne = async () => {
      await seedQueue(pool!, suite, jobs);
      const s = await workers[0].ask<Span>({ kind: "claim", devices, loops: 12 });
      if (s.claims !== jobs) throw new Error(`one process claimed ${s.claims} of ${jobs} jobs`);
      one.push(s.claims / ((s.endedAt - s.startedAt) / 1000));
    };
    const runThree = async () => {
      await seedQueue(pool!, suite, jobs);
      const spans = await Promise.all(
        workers.map((w, i) => w.ask<Span>({ kind: "claim", devices: devices.slice(4 * i, 4 * i + 4), loops: 4 })),
      );
      const n = spans.reduce((a, s) => a + s.claims, 0);
      if (n !== jobs) throw new Error(`three processes claimed ${n} of ${jobs} jobs`);
      const ms = Math.max(...spans.map((s) => s.endedAt)) - Math.min(...spans.map((s) => s.startedAt));
      three.push(n / (ms / 1000));
    };
    await runOne(); // warm-up of both, untimed
    await runThree();
    one.length = three.length = 0;
    for (let i = 0; i < reps; i++) {
      if (i % 2) await runThree().then(runOne);
      else await runOne().then(runThree);
      log(`  pg claims: 1 process ${Math.round(one[i])}/s, 3 processes ${Math.round(three[i])}/s`);
    }

    // Wake-up: A waits, B re-queues the job it holds; A's poll answers with it.
    const [a, b] = workers;
    await seedQueue(pool, suite, 1, 1_000_000);
    let held = (await b.ask<Claimed>({ kind: "take", device: devices[1] })).job!;
    const latencies: number[] = [];
    for (let i = 0; i < polls; i++) {
      const waiting = a.ask<{ at: number; job: Claimed["job"] }>({ kind: "wait", device: devices[0], seconds: 5 });
      await sleep(30); // A's poll has found nothing and waits
      const { sent } = await b.ask<{ sent: number }>({
        kind: "fail",
        jobId: held.id,
        device: devices[1],
        token: held.token,
      });
      const { at, job } = await waiting;
      if (job?.id !== held.id) throw new Error(`poll ${i + 1} answered ${job?.id ?? "nothing"} instead of ${held.id}`);
      latencies.push(at - sent);
      await a.ask({ kind: "fail", jobId: job.id, device: devices[0], token: job.token });
      held = (await b.ask<Claimed>({ kind: "take", device: devices[1] })).job!;
    }
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    log(`  pg wake-up over ${polls} polls: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    const ratios = three.map((x, i) => x / one[i]);
    return [
      {
        id: "P1",
        what: `PostgreSQL: cross-process wake-up, p50 over ${polls} polls (ms): a poll waiting on one process, the job re-queued by another`,
        kind: "abs",
        ratios: [p50],
        target: "—",
        met: null,
        detail: `min ${Math.min(...latencies).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
      },
      {
        id: "P2",
        what: `PostgreSQL: cross-process wake-up, p99 over ${polls} polls (ms)`,
        kind: "abs",
        ratios: [p99],
        target: "< 100 ms",
        met: p99 < 100,
        detail: `p90 ${pct(latencies, 90).toFixed(1)} ms`,
      },
      {
        id: "P3",
        what: `PostgreSQL: claims/s, 3 processes × 4 claim loops vs 1 process × 12 loops (${jobs} jobs each, ${os.availableParallelism()} cores)`,
        kind: "time",
        ratios,
        target: "— (scaling)",
        met: null,
        detail: `${Math.round(median(three))} vs ${Math.round(median(one))} claims/s (medians)`,
      },
    ];
  } finally {
    for (const w of workers) {
      w.child.send({ id: -1, kind: "exit" });
      await new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once("exit", r)));
    }
    await pool?.end();
    await server.stop();
  }
}
