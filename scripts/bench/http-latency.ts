/**
 * Target 2 (latency) over HTTP: 200 phones long-polling an empty queue on the real server and 50
 * phones submitting traces at the moment a 200-job session is created through `POST
 * /api/sessions` (so the server's own wake-up reaches the waiting polls, as when a researcher
 * queues a session). Poll latency counts from the moment the session request was sent (the jobs
 * become claimable a little later, so this errs on the slow side); submit latency from each
 * request's start.
 */
import type { Ctx } from "../../src/server/context";
import { CreateSessionRequest } from "../../src/domain/protocol";
import { createSession } from "../../src/server/sessions/createSession";
import { claimJob } from "../../src/server/queue/claimJob";
import type { PoolEntry } from "../lib/tracePool";
import { POLL_BODY, setup } from "./device";
import { median, type Figure } from "./measure";
import type { BenchServer } from "./servers";

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export async function benchHttpLatency(ctx: Ctx, pool: PoolEntry[], real: BenchServer, reps: number, pollers = 200, submitters = 50): Promise<Figure[]> {
  const s = setup(ctx);
  const byCell = new Map(pool.map((e) => [`${e.task.id}|${e.config.id}`, e]));
  const out = { p50poll: [] as number[], p99poll: [] as number[], p50sub: [] as number[], p99sub: [] as number[], create: [] as number[] };
  for (let rep = 0; rep < reps; rep++) {
    const drain = () => { while (claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY))); };
    drain(); // an empty queue: every poller waits
    createSession(ctx, CreateSessionRequest.parse({ name: "bench http latency held", configs: ["bash"], repeats: 3, leaseSeconds: 86_400 }));
    const held = Array.from({ length: submitters }, () => claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY))!);
    drain();
    const bodies = held.map((j) => {
      const e = byCell.get(`${j.task.id}|${j.config.id}`)!;
      return { id: j.id, body: JSON.stringify({ ...e.trace, leaseToken: j.lease.token, attempt: j.attempt }) };
    });
    let availableAt = Infinity;
    const polls = Array.from({ length: pollers }, async () => {
      const start = performance.now();
      const res = await fetch(`${real.base}/api/device/v1/poll?wait=20`, { method: "POST", headers: s.headers, body: POLL_BODY });
      await res.text();
      return res.status === 200 ? performance.now() - Math.max(start, availableAt) : null;
    });
    await new Promise((r) => setTimeout(r, 1000)); // every poller is now waiting on the server
    availableAt = performance.now();
    const create = fetch(`${real.base}/api/sessions`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "bench http latency", configs: ["bare", "files", "bash", "bash-plan", "files-plan"], repeats: 2, leaseSeconds: 86_400 }),
    }).then(async (res) => {
      if (res.status !== 201) throw new Error(`creating the session answered ${res.status}: ${await res.text()}`);
      return performance.now() - availableAt;
    });
    const submits = bodies.map(async ({ id, body }) => {
      const start = performance.now();
      const res = await fetch(`${real.base}/api/device/v1/jobs/${id}/result`, { method: "POST", headers: s.headers, body });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${text.slice(0, 300)}`);
      return performance.now() - start;
    });
    const pl = (await Promise.all(polls)).filter((x): x is number => x !== null);
    const sl = await Promise.all(submits);
    out.create.push(await create);
    if (pl.length < pollers) throw new Error(`only ${pl.length} of ${pollers} polls got a job`);
    out.p50poll.push(pct(pl, 50));
    out.p99poll.push(pct(pl, 99));
    out.p50sub.push(pct(sl, 50));
    out.p99sub.push(pct(sl, 99));
  }
  const detail = `${pollers} long-polling + ${submitters} submitting phones over HTTP; creating the session took ${Math.round(median(out.create))} ms`;
  const fig = (id: string, what: string, xs: number[], isP99: boolean): Figure => ({
    id, what, kind: "abs", ratios: xs, target: isP99 ? "< 100 ms" : "—", met: isP99 ? median(xs) < 100 : null, detail,
  });
  return [
    fig("2b", "poll latency p50 over HTTP (ms)", out.p50poll, false),
    fig("2c", "poll latency p99 over HTTP (ms)", out.p99poll, true),
    fig("2d", "submit latency p50 over HTTP (ms)", out.p50sub, false),
    fig("2e", "submit latency p99 over HTTP (ms)", out.p99sub, true),
  ];
}
