/**
 * The queue's behaviour through its services (claim, heartbeat, fail, expire, submit, long-poll),
 * the same tests on SQLite and on PostgreSQL (tests/support/queue-engines.ts). The PostgreSQL pass
 * is skipped, with the global setup's notice, where no PostgreSQL is installed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PollRequest, Trace, type Job } from "@/domain/protocol";
import { ServiceError } from "@/server/errors";
import { claimJob } from "@/server/queue/claimJob";
import { expireLeases } from "@/server/queue/expireLeases";
import { failJob } from "@/server/queue/failJob";
import { heartbeatJob } from "@/server/queue/heartbeatJob";
import { pollJob } from "@/server/queue/pollJob";
import { submitResult } from "@/server/queue/submitResult";
import { cancelSession } from "@/server/sessions/cancelSession";
import { createSession } from "@/server/sessions/createSession";
import { CreateSessionRequest } from "@/domain/protocol/api";
import { ENGINES, engineMissing, makeStore, type QueueHarness } from "../support/queue-engines";
import { pollBody, traceFor } from "../support/server";

const poll = PollRequest.parse(pollBody);
const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ServiceError ? e.code : `not a ServiceError: ${String(e)}`),
  );
const submit = (h: QueueHarness, job: Job, deviceId: string) => {
  const trace = Trace.parse(traceFor(job));
  return submitResult(h.ctx, job.id, deviceId, trace, JSON.stringify(trace));
};

for (const engine of ENGINES) {
  describe.skipIf(engineMissing(engine))(`the queue on ${engine}`, () => {
    let h: QueueHarness;
    beforeEach(async () => {
      h = await makeStore(engine);
      await h.device("dev_a");
      await h.device("dev_b");
    });
    afterEach(() => h?.close());

    it("leases jobs oldest session first in position order, each once, then none", async () => {
      const first = await h.queue({ jobs: 3, leaseSeconds: 90 });
      const second = await h.queue({ jobs: 2 });
      const got: Job[] = [];
      for (let j; (j = await claimJob(h.ctx, "dev_a", poll));) got.push(j);
      expect(got.map((j) => j.id)).toEqual([...first.jobIds, ...second.jobIds]);
      expect(got[0]).toMatchObject({
        attempt: 1,
        session: { id: first.sessionId, name: `Session ${first.sessionId}` },
        task: { id: "dentist-todo", version: 1 },
        config: { id: "files", version: 1, contextWindow: 2048 },
        lease: { heartbeatSeconds: 30, expiresAt: new Date(h.now() + 90_000).toISOString() },
      });
      expect(new Set(got.map((j) => j.lease.token)).size).toBe(5);
      expect(await h.count("leases")).toBe(5);
      expect((await h.job(first.jobIds[0])).state).toBe("leased");
    });

    it("keeps a pinned session to its devices, a paused device without work, and a poll to its sessions", async () => {
      const pinned = await h.queue({ jobs: 1, deviceIds: ["dev_b"] });
      const open = await h.queue({ jobs: 1 });
      await h.device("dev_paused", { paused: true });
      expect(await claimJob(h.ctx, "dev_paused", poll)).toBeNull();
      expect(await claimJob(h.ctx, "dev_a", { ...poll, sessions: [pinned.sessionId] })).toBeNull();
      expect((await claimJob(h.ctx, "dev_a", poll))?.id).toBe(open.jobIds[0]);
      expect((await claimJob(h.ctx, "dev_b", poll))?.id).toBe(pinned.jobIds[0]);
    });

    it("extends a lease on heartbeat and refuses another device's heartbeat with the same token", async () => {
      await h.queue({ jobs: 1, leaseSeconds: 60 });
      const job = (await claimJob(h.ctx, "dev_a", poll))!;
      h.advance(30_000);
      expect(await heartbeatJob(h.ctx, job.id, "dev_a", job.lease.token, 2)).toEqual({
        expiresAt: new Date(h.now() + 60_000).toISOString(),
      });
      expect(await code(heartbeatJob(h.ctx, job.id, "dev_b", job.lease.token))).toBe("lease_lost");
      expect(await code(heartbeatJob(h.ctx, job.id, "dev_a", "lease_never-issued"))).toBe("lease_lost");
      expect(await code(heartbeatJob(h.ctx, "job_unknown", "dev_a", job.lease.token))).toBe("not_found");
    });

    it("re-queues a failed job with its next attempt, and fails it for good on its last", async () => {
      const { jobIds } = await h.queue({ jobs: 1, maxAttempts: 2 });
      const one = (await claimJob(h.ctx, "dev_a", poll))!;
      expect(await failJob(h.ctx, one.id, "dev_a", one.lease.token, "model_load_failed")).toEqual({
        job: { state: "queued", attempt: 2 },
      });
      expect(await code(failJob(h.ctx, one.id, "dev_a", one.lease.token, "again"))).toBe("lease_lost");
      const two = (await claimJob(h.ctx, "dev_b", poll))!;
      expect(two).toMatchObject({ id: jobIds[0], attempt: 2 });
      expect(await failJob(h.ctx, two.id, "dev_b", two.lease.token, "out_of_memory", "oom")).toEqual({
        job: { state: "failed", attempt: 2 },
      });
      expect(await h.job(jobIds[0])).toEqual({ state: "failed", attempt: 2, failureReason: "out_of_memory" });
    });

    it("re-queues an expired lease, then fails the job with lease_expired once its attempts are used", async () => {
      const { jobIds } = await h.queue({ jobs: 1, leaseSeconds: 10, maxAttempts: 2 });
      const one = (await claimJob(h.ctx, "dev_a", poll))!;
      expect(await expireLeases(h.ctx)).toBe(0);
      h.advance(10_000);
      expect(await expireLeases(h.ctx)).toBe(1);
      expect(await h.job(jobIds[0])).toEqual({ state: "queued", attempt: 2, failureReason: null });
      expect(await code(heartbeatJob(h.ctx, one.id, "dev_a", one.lease.token))).toBe("lease_lost");
      await claimJob(h.ctx, "dev_a", poll);
      h.advance(10_000);
      expect(await expireLeases(h.ctx)).toBe(1);
      expect(await h.job(jobIds[0])).toEqual({ state: "failed", attempt: 2, failureReason: "lease_expired" });
    });

    it("stores a result once: 201, then 200 with the same run, also for two copies sent together", async () => {
      await h.queue({ jobs: 2 });
      const a = (await claimJob(h.ctx, "dev_a", poll))!;
      const b = (await claimJob(h.ctx, "dev_a", poll))!;
      const first = await submit(h, a, "dev_a");
      expect(first.status).toBe(201);
      expect(await submit(h, a, "dev_a")).toEqual({ ...first, status: 200 });
      const both = await Promise.all([submit(h, b, "dev_a"), submit(h, b, "dev_a")]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(both[0].body.runId).toBe(both[1].body.runId);
      for (const job of [a, b]) {
        expect(await h.count("runs", { jobId: job.id })).toBe(1);
        expect((await h.job(job.id)).state).toBe("completed");
      }
      expect([await h.count("scores"), await h.count("traces"), await h.count("turns")]).toEqual([2, 2, 2]);
      expect(await code(submit(h, a, "dev_b"))).toBe("lease_lost");
    });

    it("wakes a waiting poll when another phone's failed job goes back to the queue", async () => {
      await h.queue({ jobs: 1 });
      const held = (await claimJob(h.ctx, "dev_a", poll))!;
      const started = Date.now();
      const waiting = pollJob(h.ctx, "dev_b", poll, 5);
      await new Promise((r) => setTimeout(r, 100));
      await failJob(h.ctx, held.id, "dev_a", held.lease.token, "thermal_shutdown");
      const woken = await waiting;
      expect(woken).toMatchObject({ id: held.id, attempt: 2 });
      // Woken by the signal, not by the 1 s re-check.
      expect(Date.now() - started).toBeLessThan(900);
    });

    it("creates a session whose jobs wake a waiting poll, and cancels it: its lease ends, its queued jobs go", async () => {
      const waiting = pollJob(h.ctx, "dev_a", poll, 5);
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const req = CreateSessionRequest.parse({
        name: "Both engines",
        suite: "mini",
        tasks: ["dentist-todo", "sum"],
        configs: ["files"],
        repeats: 2,
        order: "blocked",
        devices: ["dev_a", "dev_b"],
      });
      const { session } = await createSession(h.ctx, req);
      expect(session.jobs).toBe(4);
      const job = await waiting;
      expect(Date.now() - started).toBeLessThan(900);
      expect(job).toMatchObject({ session: { id: session.id, name: "Both engines" }, task: { id: "dentist-todo" } });
      expect(await code(createSession(h.ctx, { ...req, devices: ["dev_nobody"] }))).toBe("invalid_request");
      expect(await code(createSession(h.ctx, { ...req, suite: "no-such-suite" }))).toBe("not_found");
      expect(await cancelSession(h.ctx, session.id)).toEqual({ session: { id: session.id, cancelledJobs: 4 } });
      expect(await cancelSession(h.ctx, session.id)).toEqual({ session: { id: session.id, cancelledJobs: 0 } });
      expect(await code(heartbeatJob(h.ctx, job!.id, "dev_a", job!.lease.token))).toBe("lease_lost");
      expect(await claimJob(h.ctx, "dev_b", poll)).toBeNull();
      expect(await code(cancelSession(h.ctx, "ses_unknown"))).toBe("not_found");
    });
  });
}
