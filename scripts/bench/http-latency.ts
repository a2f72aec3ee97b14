/**
 * Target 2 (latency) over HTTP: 200 phones long-polling an empty queue on the real server and 50
 * phones submitting traces at the moment a 200-job session is created through `POST
 * /api/sessions` (so the server's own wake-up reaches the waiting polls, as when a researcher
 * queues a session). Poll latency counts from the moment the session request was sent (the jobs
 * become claimable a little later, so this errs on the slow side); submit latency from each
 * request's start.
 *
 * Rows 2f and 2g take the burst apart on the same server: the 50 submits while the 200 phones wait
 * on an empty queue, then the session that wakes them with nothing else arriving.
 *
 * The floor for the same burst: 200 claims and 50 trace inserts sent at once to the minimal
 * Next.js app, with the jobs already queued. A minimal route cannot long-poll, so its claims are
 * sent at the moment the real server's jobs would appear.
 */
import type { Ctx } from "../../src/server/context";
import { CreateSessionRequest } from "../../src/domain/protocol";
import { createSession } from "../../src/server/sessions/createSession";
import { claimJob } from "../../src/server/queue/claimJob";
import type { PoolEntry } from "../lib/tracePool";
import { POLL_BODY, setupDevice } from "./device";
import { post } from "./client";
import { median, type Figure } from "./measure";
import type { BenchServer } from "./servers";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const SESSION = { configs: ["bare", "files", "bash", "bash-plan", "files-plan"], repeats: 2, leaseSeconds: 86_400 };

export async function benchHttpLatency(
  ctx: Ctx,
  pool: PoolEntry[],
  real: BenchServer,
  minimal: BenchServer,
  reps: number,
  pollers = 200,
  submitters = 50,
): Promise<Figure[]> {
  const s = await setupDevice(ctx);
  const json = { "content-type": "application/json" };
  const byCell = new Map(pool.map((e) => [`${e.task.id}|${e.config.id}`, e]));
  const drain = async () => {
    while (await claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY)));
  };
  /** Leases `submitters` jobs and returns a trace body for each, leaving the queue empty. */
  const held = async () => {
    await drain();
    await createSession(
      ctx,
      CreateSessionRequest.parse({
        name: "bench http latency held",
        configs: ["bash"],
        repeats: 3,
        leaseSeconds: 86_400,
      }),
    );
    const jobs = [];
    for (let i = 0; i < submitters; i++) jobs.push((await claimJob(ctx, s.deviceId, JSON.parse(POLL_BODY)))!);
    await drain();
    return jobs.map((j) => {
      const e = byCell.get(`${j.task.id}|${j.config.id}`)!;
      return { id: j.id, body: JSON.stringify({ ...e.trace, leaseToken: j.lease.token, attempt: j.attempt }) };
    });
  };
  const submitAll = (
    bodies: { id: string; body: string }[],
    url: (id: string) => string,
    headers: Record<string, string>,
  ) =>
    bodies.map(async ({ id, body }) => {
      const start = performance.now();
      const res = await post(url(id), headers, body);
      if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${res.text.slice(0, 300)}`);
      return performance.now() - start;
    });
  const out = {
    real: { poll: [] as number[][], sub: [] as number[][] },
    apart: { poll: [] as number[][], sub: [] as number[][] },
    min: { poll: [] as number[][], sub: [] as number[][] },
    create: [] as number[],
  };

  const resultUrl = (id: string) => `${real.base}/api/device/v1/jobs/${id}/result`;
  /** `pollers` phones long-polling the real server; each gets the ms from `since()` (or its own start, if later) to its job. */
  const park = (since: () => number) =>
    Array.from({ length: pollers }, async () => {
      const start = performance.now();
      const res = await post(`${real.base}/api/device/v1/poll?wait=20`, s.headers, POLL_BODY);
      return res.status === 200 ? performance.now() - Math.max(start, since()) : null;
    });
  const everyJob = async (polls: Promise<number | null>[]) => {
    const got = (await Promise.all(polls)).filter((x): x is number => x !== null);
    if (got.length < pollers) throw new Error(`only ${got.length} of ${pollers} polls got a job`);
    return got;
  };
  const createOnServer = (name: string) =>
    post(`${real.base}/api/sessions`, json, JSON.stringify({ name, ...SESSION })).then((res) => {
      if (res.status !== 201) throw new Error(`creating the session answered ${res.status}: ${res.text}`);
    });
  const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

  for (let rep = 0; rep < reps; rep++) {
    // The real server: pollers wait first, then the session appears and the submits arrive.
    const bodies = await held();
    let availableAt = Infinity;
    const polls = park(() => availableAt);
    await settle(1000); // every poller is now waiting on the server
    availableAt = performance.now();
    const create = createOnServer("bench http latency").then(() => performance.now() - availableAt);
    const submits = submitAll(bodies, resultUrl, s.headers);
    out.real.poll.push(await everyJob(polls));
    out.real.sub.push(await Promise.all(submits));
    out.create.push(await create);

    // The same loads one after the other, to show what each costs alone: the 50 submits while the
    // 200 phones wait on an empty queue, then (once they are answered) the session that wakes them.
    const apartBodies = await held();
    let wokenAt = Infinity;
    const parked = park(() => wokenAt);
    await settle(1000);
    out.apart.sub.push(await Promise.all(submitAll(apartBodies, resultUrl, s.headers)));
    await settle(200);
    wokenAt = performance.now();
    await createOnServer("bench http latency apart");
    out.apart.poll.push(await everyJob(parked));

    // The minimal app: the same burst, jobs already queued.
    const minBodies = await held();
    await createSession(ctx, CreateSessionRequest.parse({ name: "bench http latency minimal", ...SESSION }));
    const claims = Array.from({ length: pollers }, async () => {
      const start = performance.now();
      const res = await post(`${minimal.base}/api/claim`, json, POLL_BODY);
      if (res.status !== 200) throw new Error(`minimal claim answered ${res.status}`);
      return performance.now() - start;
    });
    const inserts = submitAll(minBodies, () => `${minimal.base}/api/ingest`, json);
    out.min.poll.push(await Promise.all(claims));
    out.min.sub.push(await Promise.all(inserts));
  }
  const detail = (p: number, which: "poll" | "sub") =>
    `minimal app, same burst: ${Math.round(median(out.min[which].map((xs) => pct(xs, p))))} ms` +
    (which === "poll" ? `; creating the session took ${Math.round(median(out.create))} ms` : "");
  const fig = (id: string, what: string, which: "poll" | "sub", p: number): Figure => {
    const xs = out.real[which].map((l) => pct(l, p));
    return {
      id,
      what,
      kind: "abs",
      ratios: xs,
      target: p === 99 ? "< 100 ms" : "—",
      met: p === 99 ? median(xs) < 100 : null,
      detail: detail(p, which),
    };
  };
  const apart = (id: string, what: string, which: "poll" | "sub"): Figure => {
    const xs = out.apart[which].map((l) => pct(l, 99));
    return {
      id,
      what,
      kind: "abs",
      ratios: xs,
      target: "—",
      met: null,
      detail: `p50 ${Math.round(median(out.apart[which].map((l) => pct(l, 50))))} ms; the two loads of 2b–2e one after the other`,
    };
  };
  return [
    fig("2b", `poll latency p50 over HTTP, ${pollers} long-polling + ${submitters} submitting phones (ms)`, "poll", 50),
    fig("2c", "poll latency p99 over HTTP, same (ms)", "poll", 99),
    fig("2d", "submit latency p50 over HTTP, same (ms)", "sub", 50),
    fig("2e", "submit latency p99 over HTTP, same (ms)", "sub", 99),
    apart(
      "2f",
      `apart: submit latency p99, ${submitters} submitting while ${pollers} phones wait on an empty queue (ms)`,
      "sub",
    ),
    apart(
      "2g",
      `apart: poll latency p99, the ${pollers} waiting phones woken by a new session, nothing else arriving (ms)`,
      "poll",
    ),
  ];
}
