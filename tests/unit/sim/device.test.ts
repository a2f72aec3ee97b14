import { afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PollRequest, Trace, HeartbeatRequest, FailRequest, type Job } from "@/domain/protocol";
import { runDevice } from "@/sim/device";
import { makeJob } from "./fixtures";

interface Hit {
  path: string;
  auth?: string;
  body: unknown;
}
type Handler = (path: string, body: unknown, n: number) => { status: number; json?: unknown };

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function fakeServer(handler: Handler, port = 0): Promise<{ url: string; hits: Hit[]; port: number }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const body = data ? JSON.parse(data) : null;
      hits.push({ path: req.url ?? "", auth: req.headers.authorization, body });
      const r = handler(req.url ?? "", body, hits.length);
      res.writeHead(r.status, { "content-type": "application/json" });
      res.end(r.json === undefined ? "" : JSON.stringify(r.json));
    });
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const p = (server.address() as AddressInfo).port;
      resolve({ url: `http://127.0.0.1:${p}`, hits, port: p });
    }),
  );
}

/** Serves `jobs` one per poll (after an optional 503), then 204. */
function protocolHandler(
  jobs: Job[],
  opts: { failFirstPoll?: boolean; failFirstResult?: boolean; heartbeat409?: boolean } = {},
): Handler {
  let polls = 0;
  let results = 0;
  return (path, body) => {
    if (path.startsWith("/api/device/v1/poll")) {
      polls++;
      if (opts.failFirstPoll && polls === 1)
        return { status: 503, json: { error: { code: "unavailable", message: "Try again." } } };
      const job = jobs.shift();
      return job ? { status: 200, json: { job } } : { status: 204 };
    }
    if (path.endsWith("/heartbeat")) {
      if (opts.heartbeat409)
        return { status: 409, json: { error: { code: "lease_lost", message: "Abandon the job." } } };
      return { status: 200, json: { expiresAt: "2026-10-14T10:02:00.000Z" } };
    }
    if (path.endsWith("/result")) {
      results++;
      if (opts.failFirstResult && results === 1)
        return { status: 500, json: { error: { code: "internal", message: "x" } } };
      const ok = Trace.safeParse(body).success;
      return ok
        ? { status: 201, json: { runId: "run_1", passed: true, outcome: "finished", superseded: false } }
        : { status: 400, json: { error: { code: "invalid", message: "bad trace" } } };
    }
    if (path.endsWith("/fail")) return { status: 200, json: { job: { state: "queued", attempt: 2 } } };
    return { status: 404, json: { error: { code: "not_found", message: "?" } } };
  };
}

const fast = { speed: 1e6, waitSeconds: 0, backoff: { initialMs: 5, maxMs: 20 } };

describe("runDevice against a fake dashboard", () => {
  it("sends --session ids in every poll (protocol v1.1) and nothing when none are given", async () => {
    const { url, hits } = await fakeServer(protocolHandler([]));
    await runDevice({
      url,
      token: "T",
      deviceId: "sim-1",
      seed: 1,
      stopWhenIdle: true,
      sessions: ["ses_a", "ses_b"],
      ...fast,
    });
    await runDevice({ url, token: "T", deviceId: "sim-2", seed: 1, stopWhenIdle: true, ...fast });
    const polls = hits
      .filter((h) => h.path.startsWith("/api/device/v1/poll"))
      .map((h) => (h.body as { sessions?: string[] }).sessions);
    expect(polls).toEqual([["ses_a", "ses_b"], undefined]);
  });

  it("polls with auth and a valid body, heartbeats, retries after 5xx, and submits a valid trace", async () => {
    const job = makeJob("sim-dentist-todo", { actions: "bash", planning: true });
    job.lease.heartbeatSeconds = 1; // many heartbeats within the simulated run
    const { url, hits } = await fakeServer(protocolHandler([job], { failFirstPoll: true, failFirstResult: true }));
    const report = await runDevice({
      url,
      token: "T0K",
      deviceId: "sim-iphone15pro-1",
      seed: 3,
      stopWhenIdle: true,
      ...fast,
    });

    expect(hits.every((h) => h.auth === "Bearer T0K")).toBe(true);
    const polls = hits.filter((h) => h.path.startsWith("/api/device/v1/poll"));
    expect(polls[0].path).toBe("/api/device/v1/poll?wait=0");
    expect(polls.every((p) => PollRequest.safeParse(p.body).success)).toBe(true);
    expect(polls).toHaveLength(3); // 503 (retried), the job, then 204
    const beats = hits.filter((h) => h.path === `/api/device/v1/jobs/${job.id}/heartbeat`);
    expect(beats.length).toBeGreaterThan(2);
    expect(
      beats.every(
        (b) =>
          HeartbeatRequest.safeParse(b.body).success && (b.body as { leaseToken: string }).leaseToken === "lease-1",
      ),
    ).toBe(true);
    const results = hits.filter((h) => h.path === `/api/device/v1/jobs/${job.id}/result`);
    expect(results).toHaveLength(2); // the 500 was retried, the trace not dropped
    const trace = Trace.parse(results[1].body);
    expect(trace.leaseToken).toBe("lease-1");
    expect(trace.device.id).toBe("sim-iphone15pro-1");
    expect(trace.warmup?.ms).toBeGreaterThan(0);
    expect(results[0].body).toEqual(results[1].body);
    expect(report.retries).toBe(2);
    expect(report.jobs).toHaveLength(1);
    expect(report.jobs[0]).toMatchObject({ status: "submitted", response: { runId: "run_1" } });
  });

  it("abandons the job when a heartbeat gets 409 lease_lost", async () => {
    const job = makeJob("sim-dentist-todo", { actions: "files", planning: true });
    job.lease.heartbeatSeconds = 1;
    const { url, hits } = await fakeServer(protocolHandler([job], { heartbeat409: true }));
    const report = await runDevice({ url, token: "T", deviceId: "d", seed: 1, stopWhenIdle: true, ...fast });
    expect(hits.filter((h) => h.path.endsWith("/result"))).toHaveLength(0);
    expect(report.jobs[0].status).toBe("abandoned");
  });

  it("reports a workspace that cannot be seeded with /fail", async () => {
    const job = makeJob(
      "sim-tick-milk",
      {},
      {
        files: [
          { path: "/a", content: "x" },
          { path: "/a/b", content: "y" },
        ],
      },
    );
    const { url, hits } = await fakeServer(protocolHandler([job]));
    const report = await runDevice({ url, token: "T", deviceId: "d", seed: 1, stopWhenIdle: true, ...fast });
    const fail = hits.find((h) => h.path.endsWith(`/jobs/${job.id}/fail`));
    expect(FailRequest.parse(fail?.body)).toMatchObject({ leaseToken: "lease-1", reason: "workspace_seed_failed" });
    expect(report.jobs[0].status).toBe("failed");
  });

  it("keeps retrying with backoff while the server is down (connection refused)", async () => {
    const probe = await fakeServer(() => ({ status: 204 }));
    const port = probe.port;
    await new Promise((r) => servers.pop()!.close(r));
    const sleeps: number[] = [];
    let started = false;
    const job = makeJob("sim-wifi-password");
    const report = await runDevice({
      url: `http://127.0.0.1:${port}`,
      token: "T",
      deviceId: "d",
      seed: 1,
      stopWhenIdle: true,
      ...fast,
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 3 && !started) {
          started = true;
          await fakeServer(protocolHandler([job]), port);
        }
        await new Promise((r) => setTimeout(r, 1));
      },
    });
    expect(report.retries).toBeGreaterThanOrEqual(3);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0]); // exponential
    expect(report.jobs[0]).toMatchObject({ status: "submitted", taskId: "sim-wifi-password" });
  });
});
