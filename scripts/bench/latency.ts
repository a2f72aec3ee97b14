/**
 * Target 2 (latency): 200 phones long-polling an empty queue and 50 phones submitting traces at
 * the same moment a 200-job session is created, all in this process through the real routes
 * (one Node process is also how the dashboard serves them). Poll latency counts from the moment
 * a job was claimable for that phone; submit latency from the request's start.
 */
import type { Ctx } from "../../src/server/context";
import { CreateSessionRequest } from "../../src/domain/protocol";
import { createSession } from "../../src/server/sessions/createSession";
import { claimJob } from "../../src/server/queue/claimJob";
import * as resultRoute from "../../app/api/device/v1/jobs/[id]/result/route";
import * as pollRoute from "../../app/api/device/v1/poll/route";
import type { PoolEntry } from "../lib/tracePool";
import { POLL_BODY, setup } from "./device";
import type { Figure } from "./measure";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const BASE = "http://127.0.0.1:3000/api/device/v1";
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

export async function benchLatency(ctx: Ctx, pool: PoolEntry[], reps: number, pollers = 200, submitters = 50): Promise<Figure[]> {
  const s = setup(ctx);
  const byCell = new Map(pool.map((e) => [`${e.task.id}|${e.config.id}`, e]));
  const poll = pollRoute.POST as unknown as Handler;
  const result = resultRoute.POST as unknown as Handler;
  const p50 = { poll: [] as number[], submit: [] as number[] };
  const p99 = { poll: [] as number[], submit: [] as number[] };
  for (let rep = 0; rep < reps; rep++) {
    while (claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY))); // an empty queue: every poller waits
    createSession(ctx, CreateSessionRequest.parse({ name: "bench latency held", configs: ["bash"], repeats: 3, leaseSeconds: 86_400 }));
    const held = Array.from({ length: submitters }, () => claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY))!);
    while (claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY)));
    const bodies = held.map((j) => {
      const e = byCell.get(`${j.task.id}|${j.config.id}`)!;
      return { id: j.id, body: JSON.stringify({ ...e.trace, leaseToken: j.lease.token, attempt: j.attempt }) };
    });
    let availableAt = Infinity;
    const polls = Array.from({ length: pollers }, async () => {
      const start = performance.now();
      const res = await poll(new Request(`${BASE}/poll?wait=10`, { method: "POST", headers: s.headers, body: POLL_BODY }), { params: Promise.resolve({}) });
      await res.text();
      return res.status === 200 ? performance.now() - Math.max(start, availableAt) : null;
    });
    await new Promise((r) => setTimeout(r, 200)); // every poller is now waiting
    availableAt = performance.now();
    createSession(ctx, CreateSessionRequest.parse({ name: "bench latency", configs: ["bare", "files", "bash", "bash-plan", "files-plan"], repeats: 2, leaseSeconds: 86_400 }));
    const submits = bodies.map(async ({ id, body }) => {
      const start = performance.now();
      const res = await result(new Request(`${BASE}/jobs/${id}/result`, { method: "POST", headers: s.headers, body }), { params: Promise.resolve({ id }) });
      await res.text();
      if (res.status !== 201) throw new Error(`submit answered ${res.status}`);
      return performance.now() - start;
    });
    const pl = (await Promise.all(polls)).filter((x): x is number => x !== null);
    const sl = await Promise.all(submits);
    if (pl.length < pollers) throw new Error(`only ${pl.length} of ${pollers} polls got a job`);
    p50.poll.push(pct(pl, 50));
    p99.poll.push(pct(pl, 99));
    p50.submit.push(pct(sl, 50));
    p99.submit.push(pct(sl, 99));
  }
  const fig = (id: string, what: string, xs: number[], p: "p50" | "p99"): Figure => ({
    id, what, kind: "abs", ratios: xs, target: p === "p99" ? "< 100 ms" : "—", met: p === "p99" ? [...xs].sort((a, b) => a - b)[xs.length >> 1] < 100 : null,
    detail: `${pollers} long-polling + ${submitters} submitting phones`,
  });
  return [
    fig("2b", "poll latency p50 (ms)", p50.poll, "p50"),
    fig("2c", "poll latency p99 (ms)", p99.poll, "p99"),
    fig("2d", "submit latency p50 (ms)", p50.submit, "p50"),
    fig("2e", "submit latency p99 (ms)", p99.submit, "p99"),
  ];
}
