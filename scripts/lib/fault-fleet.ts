/**
 * The crash routine of scripts/lib/fault.ts for several dashboard processes on one PostgreSQL
 * (issue 18, tests/e2e/pg-processes.spec.ts): phones spread over the processes, one process
 * SIGKILLed mid-session, and its phones moved to the survivors, as a load balancer would once the
 * process stops answering (the killed process is not restarted here: the point is that the others
 * carry on with the leases it issued). Checked afterwards: fault-check.ts's invariants on the
 * PostgreSQL rows, no job leased twice at once, and no empty answer while work was queued.
 */
import { setMaxListeners } from "node:events";
import pg from "pg";
import type { RunningServer } from "../../tests/e2e/server";
import type { JobSummary } from "../../src/sim/device";
import { createRng, hashSeed } from "../../src/sim/rng";
import { type Counts, killServer, queueFaultSession, sessionCounts, startFaultPhones } from "./fault";
import {
  type FaultFigures,
  checkDashboard,
  checkPhones,
  checkStored,
  readStoredPostgres,
  storedFigures,
} from "./fault-check";
import { type EmptyPoll, type LeaseRecord, emptyPollsWhileQueued, leasedTwice } from "./fleet-check";

export interface FleetFaultOptions {
  /** The processes, all on `databaseUrl`; the one at `victim` is killed. */
  servers: RunningServer[];
  databaseUrl: string;
  victim: number;
  jobs: number;
  phones: number;
  seed: number;
  leaseSeconds?: number;
  speed?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface FleetFaultReport {
  figures: FaultFigures & { processes: number; emptyPolls: number; movedPhones: number; killedAt: number };
  violations: string[];
  sessionId: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runFleetFaultTest(opts: FleetFaultOptions): Promise<FleetFaultReport> {
  const log = opts.log ?? (() => {});
  const leaseSeconds = opts.leaseSeconds ?? 6;
  const rng = createRng(hashSeed(opts.seed, "fleet-faults"));
  const started = Date.now();
  const bases = opts.servers.map((s) => s.base);
  const survivors = bases.filter((_, i) => i !== opts.victim);
  const watch = survivors[0];
  // Paired on one process, queued on another: every process serves what any other wrote.
  const { token, session } = await queueFaultSession(bases[0], bases[1 % bases.length], {
    jobs: opts.jobs,
    seed: opts.seed,
    leaseSeconds,
  });
  log(`session ${session.id}: ${session.jobs} jobs over ${bases.length} processes, ${opts.phones} phones`);

  const net = { fiveXX: 0, networkErrors: 0 };
  const emptyPolls: EmptyPoll[] = [];
  const summaries: JobSummary[] = [];
  const phoneErrors: string[] = [];
  // Phone i talks to process i mod n until that process is killed, then to a survivor.
  const route = Array.from({ length: opts.phones }, (_, i) => bases[i % bases.length]);
  const controller = new AbortController();
  setMaxListeners(opts.phones * 2, controller.signal); // every phone's poll listens on it
  const phoneFetch =
    (i: number): typeof fetch =>
    async (input, init) => {
      const base = route[i];
      const url = String(input).replace(/^http:\/\/[^/]+/, base);
      const sent = Date.now();
      try {
        const res = await fetch(url, init);
        if (res.status >= 500) net.fiveXX++;
        if (res.status === 204 && url.includes("/poll"))
          emptyPolls.push({ deviceId: `fleet-phone-${i + 1}`, base, sent, received: Date.now() });
        return res;
      } catch (e) {
        if (!init?.signal?.aborted) net.networkErrors++;
        throw e;
      }
    };
  const phones = startFaultPhones({
    count: opts.phones,
    name: "fleet-phone",
    url: (i) => route[i],
    token,
    seed: opts.seed,
    speed: opts.speed,
    fetch: phoneFetch,
    signal: controller.signal,
    summaries,
    errors: phoneErrors,
  });

  const deadline = started + (opts.timeoutMs ?? 600_000);
  let counts: Counts = await sessionCounts(watch, session.id);
  let moved = 0;
  let killedAt: number;
  try {
    // Killed while the session is under way: between a quarter and a half of the jobs done.
    const mark = Math.floor(session.jobs * rng.between(0.25, 0.5));
    while (counts.completed < mark && Date.now() < deadline) {
      await sleep(50);
      counts = await sessionCounts(watch, session.id);
    }
    await sleep(rng.int(0, 300)); // a random phase relative to the phones' requests
    killedAt = counts.completed;
    await killServer(opts.servers[opts.victim]);
    const dead = bases[opts.victim];
    for (let i = 0; i < route.length; i++) if (route[i] === dead) route[i] = survivors[moved++ % survivors.length];
    log(`killed ${dead} at ${killedAt} completed (${counts.leased} leased); ${moved} phones moved to the others`);
    // Until nothing is queued or leased: a lease whose holder gave up expires and is redone.
    while ((counts.queued > 0 || counts.leased > 0) && Date.now() < deadline) {
      await sleep(100);
      counts = await sessionCounts(watch, session.id);
    }
  } finally {
    controller.abort();
  }
  const reports = await Promise.all(phones);

  const told = checkPhones(summaries, phoneErrors);
  const v = [...told.violations, ...(await checkDashboard(watch, session.id, session.jobs))];
  const db = new pg.Client(opts.databaseUrl);
  await db.connect();
  try {
    const { jobRows, runs } = await readStoredPostgres(db, session.id);
    v.push(...checkStored(session.jobs, jobRows, runs, told.ack));
    const leases = (
      await db.query<LeaseRecord & { issuedAt: string }>(
        `SELECT l.job_id AS "jobId", l.attempt, l.device_id AS "deviceId", l.issued_at AS "issuedAt"
           FROM leases l JOIN jobs j ON j.id = l.job_id WHERE j.session_id = $1`,
        [session.id],
      )
    ).rows;
    v.push(...leasedTwice(leases));
    const first = new Map<string, number>();
    for (const l of leases) first.set(l.jobId, Math.min(first.get(l.jobId) ?? Infinity, Number(l.issuedAt)));
    const created = await db.query<{ at: string }>("SELECT created_at AS at FROM sessions WHERE id = $1", [session.id]);
    v.push(
      ...emptyPollsWhileQueued(emptyPolls, {
        queuedAt: Number(created.rows[0].at),
        jobs: jobRows.map((j) => ({ id: j.id, firstLeasedAt: first.get(j.id) ?? null })),
      }),
    );
    return {
      sessionId: session.id,
      violations: v,
      figures: {
        ...storedFigures(jobRows, runs, summaries),
        acknowledged: told.ack.size,
        duplicates200: told.duplicates200,
        phones: opts.phones,
        processes: bases.length,
        kills: 1,
        killedAt,
        movedPhones: moved,
        emptyPolls: emptyPolls.length,
        fiveXX: net.fiveXX,
        networkErrors: net.networkErrors,
        retries: reports.reduce((n, r) => n + (r?.retries ?? 0), 0),
        wallMs: Date.now() - started,
      },
    };
  } finally {
    await db.end();
  }
}
