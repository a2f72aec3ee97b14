/**
 * The queue with several dashboard processes on one PostgreSQL (issue 18.3): each "process" is a
 * context with its own pool and its own LISTEN connection on the same database, as separate
 * processes would have. Sessions and jobs are seeded as rows (tests/support/queue-engines.ts): the
 * sessions aggregate is not on PostgreSQL yet.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PollRequest, Trace, type Job } from "@/domain/protocol";
import type { Ctx } from "@/server/context";
import { claimJob } from "@/server/queue/claimJob";
import { expireLeases } from "@/server/queue/expireLeases";
import { failJob } from "@/server/queue/failJob";
import { pollJob } from "@/server/queue/pollJob";
import { submitResult } from "@/server/queue/submitResult";
import { createSession } from "@/server/sessions/createSession";
import { CreateSessionRequest } from "@/domain/protocol/api";
import type { PgStore } from "@/server/store/pg";
import { SWEEP_LOCK } from "@/server/store/pg/queue";
import type { Store } from "@/server/store/types";
import { makeStore, type QueueHarness } from "../../support/queue-engines";
import { pollBody, traceFor } from "../../support/server";
import { pgUrl } from "../../support/pg";

const poll = PollRequest.parse(pollBody);
const isPg = (s: Store): s is PgStore => s.engine === "postgres" && "listener" in s;
function pgOf(ctx: Ctx): PgStore {
  if (!isPg(ctx.store)) throw new Error("not a PostgreSQL context");
  return ctx.store;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];

describe.skipIf(!pgUrl)("the queue across processes on PostgreSQL", () => {
  let h: QueueHarness;
  let procs: Ctx[];
  beforeEach(async () => {
    h = await makeStore("postgres");
    procs = [h.ctx, await h.otherProcess(), await h.otherProcess()];
    for (let i = 0; i < 12; i++) await h.device(`dev_${i}`);
  });
  afterEach(() => h?.close());

  it("leases every job once when 60 claims arrive at once on three processes, and none comes back empty", async () => {
    const { jobIds } = await h.queue({ jobs: 60 });
    // As many claims as jobs, all at once: each must get a job (SKIP LOCKED moves a claim past a
    // row another claim holds instead of coming back empty), and no job may go out twice.
    const claims = await Promise.all(jobIds.map((_, i) => claimJob(procs[i % procs.length], `dev_${i % 12}`, poll)));
    const empty = claims.filter((c) => c === null).length;
    expect(empty).toBe(0);
    const ids = claims.map((c) => c!.id);
    expect(new Set(ids).size).toBe(60);
    expect([...ids].sort()).toEqual([...jobIds].sort());
    expect(await h.count("leases")).toBe(60);
    expect(await claimJob(procs[1], "dev_0", poll)).toBeNull();
  }, 60_000);

  it("works through a queue with 12 phones on three processes: every job done exactly once", async () => {
    const { jobIds } = await h.queue({ jobs: 36 });
    const done: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const ctx = procs[i % procs.length];
        for (let job: Job | null; (job = await claimJob(ctx, `dev_${i}`, poll));) {
          const trace = Trace.parse(traceFor(job));
          const r = await submitResult(ctx, job.id, `dev_${i}`, trace, JSON.stringify(trace));
          expect(r.status).toBe(201);
          done.push(job.id);
        }
      }),
    );
    expect([...done].sort()).toEqual([...jobIds].sort());
    expect(await h.count("runs")).toBe(36);
  }, 60_000);

  it("answers one 201 and one 200 with the same runId when one result reaches two processes at once", async () => {
    const { jobIds } = await h.queue({ jobs: 8 });
    for (let i = 0; i < jobIds.length; i++) {
      const job = (await claimJob(procs[0], "dev_0", poll))!;
      const trace = Trace.parse(traceFor(job));
      const raw = JSON.stringify(trace);
      const [a, b] = await Promise.all([
        submitResult(procs[1], job.id, "dev_0", trace, raw),
        submitResult(procs[2], job.id, "dev_0", trace, raw),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.runId).toBe(b.body.runId);
      expect(await h.count("runs", { jobId: job.id })).toBe(1);
    }
    expect([await h.count("runs"), await h.count("scores"), await h.count("traces")]).toEqual([8, 8, 8]);
  }, 60_000);

  it("wakes a poll waiting on one process when another re-queues work, well inside the 1 s re-check", async () => {
    const [a, b] = procs;
    const { jobIds } = await h.queue({ jobs: 1, maxAttempts: 100 });
    const latencies: number[] = [];
    let held = (await claimJob(b, "dev_1", poll))!;
    // Ten polls waiting on A (its pool has 4 connections) hold none of them: all idle, none queued for.
    const parked = new AbortController();
    const ten = Array.from({ length: 10 }, (_, i) => pollJob(a, `dev_${2 + i}`, poll, 5, parked.signal));
    await sleep(300);
    const pool = pgOf(a).pool;
    expect([pool.totalCount - pool.idleCount, pool.waitingCount]).toEqual([0, 0]);
    parked.abort();
    expect(await Promise.all(ten)).toEqual(Array(10).fill(null));
    for (let i = 0; i < 20; i++) {
      const waiting = pollJob(a, "dev_0", poll, 5).then((job) => ({ job, at: performance.now() }));
      await sleep(30); // the poll on A has found nothing and is waiting
      const sent = performance.now();
      await failJob(b, held.id, "dev_1", held.lease.token, "thermal_shutdown");
      const { job, at } = await waiting;
      expect(job?.id).toBe(jobIds[0]);
      latencies.push(at - sent);
      // B takes the job back for the next round (A's lease is failed by A's device).
      await failJob(a, job!.id, "dev_0", job!.lease.token, "thermal_shutdown");
      held = (await claimJob(b, "dev_1", poll))!;
    }
    const p50 = percentile(latencies, 50);
    const max = Math.max(...latencies);
    console.log(`cross-process wake-up over 20 polls: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    // Without the LISTEN connection only the 1 s re-check would wake it (20 waits: some near 1 s).
    expect(max).toBeLessThan(500);
  }, 60_000);

  it("wakes polls waiting on every process when one process creates a session", async () => {
    const waiting = procs.map((p, i) =>
      pollJob(p, `dev_${i}`, poll, 5).then((job) => ({ job, at: performance.now() })),
    );
    await sleep(100);
    const sent = performance.now();
    const req = CreateSessionRequest.parse({ name: "Across", suite: "mini", configs: ["files"], repeats: 2 });
    await createSession(procs[2], req);
    const woken = await Promise.all(waiting);
    expect(new Set(woken.map((w) => w.job?.id)).size).toBe(3);
    const worst = Math.max(...woken.map((w) => w.at - sent));
    console.log(`session created on one process: polls on three woken within ${worst.toFixed(1)} ms`);
    expect(worst).toBeLessThan(500);
  }, 30_000);

  it("reopens its LISTEN connection when it drops, and hears the next notification", async () => {
    const [a, b] = procs;
    const listener = pgOf(a).listener;
    const before = listener.pid();
    expect(before).not.toBeNull();
    await pgOf(b).pool.query("SELECT pg_terminate_backend($1)", [before]);
    // The connection is reopened; the notification from B after that reaches A's events.
    for (let i = 0; i < 100 && (listener.pid() === null || listener.pid() === before); i++) await sleep(20);
    await listener.listening();
    expect(listener.pid()).not.toBe(before);
    const heard = new Promise<number>((resolve) => a.events.once("jobs", () => resolve(performance.now())));
    const sent = performance.now();
    await h.queue({ jobs: 1 });
    expect((await heard) - sent).toBeLessThan(500);
  }, 30_000);

  it("sweeps expired leases in one process at a time (an advisory lock), each lease ended once", async () => {
    const { jobIds } = await h.queue({ jobs: 6, leaseSeconds: 10 });
    for (let i = 0; i < 6; i++) await claimJob(procs[i % 3], `dev_${i}`, poll);
    h.advance(10_000);
    // Another process holds the sweep: this one skips (it would end the same leases).
    const other = await pgOf(procs[2]).pool.connect();
    try {
      await other.query("SELECT pg_advisory_lock($1::bigint)", [SWEEP_LOCK.toString()]);
      expect(await expireLeases(procs[0])).toBe(0);
      expect((await h.job(jobIds[0])).state).toBe("leased");
      await other.query("SELECT pg_advisory_unlock($1::bigint)", [SWEEP_LOCK.toString()]);
    } finally {
      other.release();
    }
    // Three processes sweeping at once end each lease once: six in all, each job on attempt 2.
    const ended = await Promise.all(procs.map((p) => expireLeases(p)));
    expect(ended.reduce((a, b) => a + b, 0)).toBe(6);
    for (const id of jobIds) expect(await h.job(id)).toMatchObject({ state: "queued", attempt: 2 });
  }, 30_000);
});
