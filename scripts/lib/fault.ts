/**
 * The crash routine shared by `npm run fault-test` and tests/e2e/crash.spec.ts: the built server
 * on a fresh database, simulated phones working through a session, and the server killed with
 * SIGKILL (its whole process group) at seeded moments, then restarted on the same database and
 * port. At the end scripts/lib/fault-check.ts checks that nothing acknowledged was lost and no
 * job was counted twice.
 */
import { type RunningServer, startServer } from "../../tests/e2e/server";
import { type JobSummary, runDevice } from "../../src/sim/device";
import { createRng, hashSeed } from "../../src/sim/rng";
import { type FaultFigures, checkAfterFaults } from "./fault-check";

export interface FaultOptions {
  jobs: number;
  phones: number;
  kills: number;
  seed: number;
  /** Short, so leases held across a kill expire soon after the restart (default 6). */
  leaseSeconds?: number;
  /** Simulated phone time per real time (default 400). */
  speed?: number;
  /** Give up waiting for the queue to drain after this long (default 10 min). */
  timeoutMs?: number;
  /** Run the server on this (empty or migrated) PostgreSQL database instead of its own SQLite file. */
  databaseUrl?: string;
  log?: (line: string) => void;
}

export interface FaultReport {
  figures: FaultFigures;
  violations: string[];
  dir: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function api<T>(base: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    base + path,
    body === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  if (!res.ok) throw new Error(`${body === undefined ? "GET" : "POST"} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** tasks × configs × repeats: the smallest session of the suite with at least `jobs` jobs (more configs first). */
export function sessionShape(
  jobs: number,
  tasks: number,
  configs: number,
): { tasks: number; configs: number; repeats: number } {
  let best = { tasks, configs, repeats: Math.max(1, Math.min(100, Math.ceil(jobs / (tasks * configs)))) };
  for (let c = configs; c >= 1; c--)
    for (let t = tasks; t >= 1; t--) {
      const r = Math.ceil(jobs / (t * c));
      if (r > 100) continue;
      if (t * c * r < best.tasks * best.configs * best.repeats) best = { tasks: t, configs: c, repeats: r };
    }
  return best;
}

export type Counts = Record<"queued" | "leased" | "completed" | "failed" | "cancelled", number>;
export const sessionCounts = async (base: string, id: string) =>
  (await api<{ session: { counts: Counts } }>(base, `/api/sessions/${id}`)).session.counts;

/** SIGKILL to the server's process group (tsx and the node process it runs), and wait until it is gone. */
export async function killServer(server: RunningServer, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  // Once it has exited its process group id may belong to someone else: never signal it then.
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => server.child.once("exit", () => r()));
  try {
    process.kill(-server.child.pid!, signal);
  } catch {}
  await exited;
}

/**
 * Pairs the phones' device (on `pairOn`) and queues the smallest session of the default suite with
 * at least `jobs` jobs (on `queueOn`: another process of the same database, in the fleet test).
 */
export async function queueFaultSession(
  pairOn: string,
  queueOn: string,
  opts: { jobs: number; seed: number; leaseSeconds: number },
) {
  const { token } = await api<{ token: string; device: { id: string } }>(pairOn, "/api/devices", {
    name: "fault-test phones",
  });
  const { suites } = await api<{ suites: { id: string; default: boolean }[] }>(queueOn, "/api/suites");
  const suiteId = (suites.find((s) => s.default) ?? suites[0]).id;
  const { suite } = await api<{ suite: { tasks: { id: string }[]; configs: { id: string }[] } }>(
    queueOn,
    `/api/suites/${suiteId}`,
  );
  const shape = sessionShape(opts.jobs, suite.tasks.length, suite.configs.length);
  // maxAttempts is the protocol's ceiling: every kill may cost each job in flight an attempt,
  // and this test is about lost data, not about jobs running out of attempts.
  const { session } = await api<{ session: { id: string; jobs: number } }>(queueOn, "/api/sessions", {
    name: `fault test seed ${opts.seed}`,
    suite: suiteId,
    seed: opts.seed >>> 1,
    tasks: suite.tasks.slice(0, shape.tasks).map((t) => t.id),
    configs: suite.configs.slice(0, shape.configs).map((c) => c.id),
    repeats: shape.repeats,
    leaseSeconds: opts.leaseSeconds,
    maxAttempts: 20,
  });
  return { token, session, shape };
}

/**
 * The fault tests' simulated phones, paced alike (×400 unless `speed` says otherwise, 1 s
 * long-polls, a quick backoff), named `${name}-1…`: each runs until `signal` aborts, its jobs go
 * to `summaries`, and a phone that stops with an error is named in `errors` instead of failing the rest.
 */
export function startFaultPhones(o: {
  count: number;
  name: string;
  url: (i: number) => string;
  token: string;
  seed: number;
  speed?: number;
  fetch: (i: number) => typeof fetch;
  signal: AbortSignal;
  summaries: JobSummary[];
  errors: string[];
}) {
  return Array.from({ length: o.count }, (_, i) => {
    const deviceId = `${o.name}-${i + 1}`;
    return runDevice({
      url: o.url(i),
      token: o.token,
      deviceId,
      seed: o.seed,
      speed: o.speed ?? 400,
      waitSeconds: 1,
      backoff: { initialMs: 50, maxMs: 400 },
      fetch: o.fetch(i),
      signal: o.signal,
      onJob: (s) => o.summaries.push(s),
    }).catch((e: unknown) => {
      o.errors.push(`${deviceId} stopped: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    });
  });
}

export async function runFaultTest(opts: FaultOptions): Promise<FaultReport> {
  const log = opts.log ?? (() => {});
  const leaseSeconds = opts.leaseSeconds ?? 6;
  const rng = createRng(hashSeed(opts.seed, "faults"));
  const started = Date.now();
  const env: Record<string, string> = opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {};
  let server = await startServer(env);
  const { dir, port } = server;
  const base = server.base;
  const net = { fiveXX: 0, networkErrors: 0 };
  const summaries: JobSummary[] = [];
  let restarts = 0;
  const controller = new AbortController();
  try {
    const { token, session, shape } = await queueFaultSession(base, base, { ...opts, leaseSeconds });
    log(
      `session ${session.id}: ${shape.tasks} tasks × ${shape.configs} configs × ${shape.repeats} repeats = ${session.jobs} jobs, lease ${leaseSeconds} s; ${opts.phones} phones; ${opts.kills} kills`,
    );

    const countingFetch: typeof fetch = async (input, init) => {
      try {
        const res = await fetch(input, init);
        if (res.status >= 500) net.fiveXX++;
        return res;
      } catch (e) {
        if (!init?.signal?.aborted) net.networkErrors++;
        throw e;
      }
    };
    const phoneErrors: string[] = [];
    const phones = startFaultPhones({
      count: opts.phones,
      name: "fault-phone",
      url: () => base,
      token,
      seed: opts.seed,
      speed: opts.speed,
      fetch: () => countingFetch,
      signal: controller.signal,
      summaries,
      errors: phoneErrors,
    });

    // Kill when this many jobs are done, so every kill lands while work is in flight.
    const marks = Array.from({ length: opts.kills }, () => Math.floor(session.jobs * rng.between(0.1, 0.9))).sort(
      (a, b) => a - b,
    );
    const deadline = started + (opts.timeoutMs ?? 600_000);
    let counts = await sessionCounts(base, session.id);
    for (const [k, mark] of marks.entries()) {
      while (counts.completed + counts.failed + counts.cancelled < mark && Date.now() < deadline) {
        await sleep(50);
        counts = await sessionCounts(base, session.id);
      }
      await sleep(rng.int(0, 400)); // a random phase relative to the phones' requests
      await killServer(server);
      // Up to a lease: with the restart itself, some leases held across the kill outlive it and
      // some do not (the phones holding those then get lease_lost, or submit late).
      const pause = rng.int(200, leaseSeconds * 1000);
      log(`kill ${k + 1}/${opts.kills} at ${counts.completed} completed; restarting in ${pause} ms`);
      await sleep(pause);
      server = await startServer(env, { reuse: { dir, port } });
      restarts++;
      counts = await sessionCounts(base, session.id);
    }
    // Until nothing is queued or leased: leases held across the last kill expire and are redone.
    while ((counts.queued > 0 || counts.leased > 0) && Date.now() < deadline) {
      await sleep(100);
      counts = await sessionCounts(base, session.id);
    }
    controller.abort();
    const reports = await Promise.all(phones);
    const checked = await checkAfterFaults({
      base,
      sessionId: session.id,
      jobs: session.jobs,
      summaries,
      phoneErrors,
      stop: () => killServer(server, "SIGTERM"),
      store: opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { dbPath: `${dir}/e2e.db` },
    });
    const retries = reports.reduce((n, r) => n + (r?.retries ?? 0), 0);
    return {
      dir,
      violations: checked.violations,
      figures: {
        ...checked.figures,
        phones: opts.phones,
        kills: restarts,
        fiveXX: net.fiveXX,
        networkErrors: net.networkErrors,
        retries,
        wallMs: Date.now() - started,
      },
    };
  } finally {
    controller.abort();
    await killServer(server);
  }
}
