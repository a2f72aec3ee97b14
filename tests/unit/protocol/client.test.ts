import { describe, expect, it } from "vitest";
import {
  InvalidJobError,
  ProtocolAbortedError,
  ProtocolHttpError,
  ProtocolNetworkError,
  backoffDelay,
  createDeviceClient,
  type FetchLike,
  type TraceBody,
} from "@harness-lab/protocol";
import { makeJob } from "../sim/fixtures";

type Reply = { status: number; json?: unknown; headers?: Record<string, string> } | Error | "hang";
interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
}

/** A fetch that answers from a script, one reply per request, and records what was sent. */
function scripted(replies: Reply[]) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
      signal: init.signal,
    });
    const r = replies.shift();
    if (r === undefined) throw new Error("the script ran out of replies");
    if (r instanceof Error) throw r;
    if (r === "hang") {
      return new Promise((_, reject) =>
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    }
    const text = r.json === undefined ? "" : JSON.stringify(r.json);
    return {
      status: r.status,
      headers: { get: (n: string) => r.headers?.[n.toLowerCase()] ?? null },
      text: async () => text,
    };
  };
  return { fetch, sent };
}

const leaseLost = {
  status: 409,
  json: { error: { code: "lease_lost", message: "Abandon the job: its lease is no longer yours." } },
};
const stored = { runId: "run_1", passed: true, outcome: "finished", superseded: false };
const pollBody = {
  device: { id: "p1", model: "Pixel 9", os: "Android 16" },
  build: { commit: "abc", app: "0.7.0", runtime: "rn-executorch", model: "gemma" },
  state: { thermal: "nominal" as const },
};
const trace: TraceBody = {
  leaseToken: "lease-1",
  attempt: 1,
  device: pollBody.device,
  build: pollBody.build,
  startedAt: "2026-10-14T09:00:01Z",
  endedAt: "2026-10-14T09:00:09Z",
  load: { startupTokens: 300, ms: 2200 },
  turns: [
    { promptTokens: 45, contextTokens: 380, ttftMs: 320, outputTokens: 40, decodeMs: 2000, text: "…", toolCalls: [] },
  ],
  reply: "",
  end: { reason: "stop" },
  peakContextTokens: 420,
  workspace: { files: [] },
};

function client(replies: Reply[], more: Partial<Parameters<typeof createDeviceClient>[0]> = {}) {
  const s = scripted(replies);
  const sleeps: number[] = [];
  const c = createDeviceClient({
    url: "http://dash.local:3000/",
    token: "T0K",
    fetch: s.fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...more,
  });
  return { c, sent: s.sent, sleeps };
}

describe("poll", () => {
  it("long-polls with ?wait=N (clamped to 0–30), the token and the body; 204 is null", async () => {
    const { c, sent } = client([{ status: 204 }, { status: 204 }]);
    expect(await c.poll(pollBody, { wait: 10 })).toBeNull();
    expect(await c.poll(pollBody, { wait: 99 })).toBeNull();
    expect(sent.map((s) => s.url)).toEqual([
      "http://dash.local:3000/api/device/v1/poll?wait=10",
      "http://dash.local:3000/api/device/v1/poll?wait=30",
    ]);
    expect(sent[0].headers).toMatchObject({ authorization: "Bearer T0K", "content-type": "application/json" });
    expect(sent[0].body).toEqual(pollBody);
  });

  it("returns the parsed job, and for a job it cannot parse gives its id and lease token to hand it back", async () => {
    const job = makeJob("sim-apples");
    const broken = { ...job, attempt: 0 };
    const { c } = client([
      { status: 200, json: { job, unknownField: 1 } },
      { status: 200, json: { job: broken } },
    ]);
    expect(await c.poll(pollBody)).toEqual(job);
    const e = await c.poll(pollBody).catch((x) => x);
    expect(e).toBeInstanceOf(InvalidJobError);
    expect(e).toMatchObject({ jobId: job.id, leaseToken: job.lease.token });
    expect(e.issues[0].path).toBe("job.attempt");
  });
});

describe("result", () => {
  it("retries no answer, 5xx and 429 with the same body, backing off with jitter, and returns the 200 of the retry", async () => {
    const { c, sent, sleeps } = client(
      [
        new TypeError("fetch failed"),
        { status: 503, json: { error: { code: "unavailable", message: "Try again." } } },
        { status: 429, json: {}, headers: { "retry-after": "7" } },
        { status: 200, json: stored },
      ],
      { retry: { initialMs: 100, maxMs: 1_000 } },
    );
    const r = await c.result("job 1", trace);
    expect(r).toEqual({ ...stored, status: 200, attempts: 4 });
    expect(sent).toHaveLength(4);
    expect(sent.every((s) => s.url === "http://dash.local:3000/api/device/v1/jobs/job%201/result")).toBe(true);
    expect(sent.every((s) => JSON.stringify(s.body) === JSON.stringify(trace))).toBe(true);
    // random() = 0.5: each wait is ¾ of its step (100, 200, …); the 429's Retry-After (7 s) wins over its 300 ms.
    expect(sleeps).toEqual([75, 150, 7_000]);
  });

  it("never retries any other 4xx: the error carries the status and the protocol's error body", async () => {
    for (const reply of [
      leaseLost,
      {
        status: 400,
        json: { error: { code: "invalid_body", message: "Fix the trace.", issues: [{ path: "turns", message: "x" }] } },
      },
      { status: 413, json: { error: { code: "payload_too_large", message: "Send less." } } },
    ]) {
      const { c, sent } = client([reply, { status: 201, json: stored }]);
      const e = await c.result("j", trace).catch((x) => x);
      expect(e).toBeInstanceOf(ProtocolHttpError);
      expect(e.status).toBe(reply.status);
      expect(e.code).toBe((reply.json as { error: { code: string } }).error.code);
      expect(e.error).toEqual(reply.json.error);
      expect(sent).toHaveLength(1);
    }
  });

  it("gives up after maxAttempts, throwing the last error", async () => {
    const { c, sent } = client([new TypeError("down"), new TypeError("down")], { retry: { maxAttempts: 2 } });
    await expect(c.result("j", trace)).rejects.toBeInstanceOf(ProtocolNetworkError);
    expect(sent).toHaveLength(2);
  });

  it("an answer that does not come within timeoutMs is a network error, and is retried", async () => {
    const { c, sent } = client(["hang", { status: 201, json: stored }], {
      timeoutMs: 20,
      sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))),
    });
    expect(await c.result("j", trace)).toMatchObject({ status: 201, attempts: 2 });
    expect(sent[0].signal?.aborted).toBe(true);
  });
});

describe("aborting", () => {
  it("stops a request in flight and the waits between retries with ProtocolAbortedError", async () => {
    const ctl = new AbortController();
    const { c } = client(["hang"]);
    const p = c.poll(pollBody, { wait: 30, signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toBeInstanceOf(ProtocolAbortedError);

    const ctl2 = new AbortController();
    const { c: c2, sent } = client([new TypeError("down"), new TypeError("down"), new TypeError("down")], {
      sleep: async () => {
        ctl2.abort();
      },
    });
    await expect(
      c2.fail("j", { leaseToken: "l", reason: "model_load_failed" }, { signal: ctl2.signal }),
    ).rejects.toBeInstanceOf(ProtocolAbortedError);
    expect(sent).toHaveLength(1);
  });
});

describe("heartbeat timer", () => {
  it("beats every heartbeatSeconds with the current turn, rides out other failures, and stops on 409 lease_lost", async () => {
    const job = makeJob("sim-apples");
    job.lease.heartbeatSeconds = 30;
    const ok = { status: 200, json: { expiresAt: "2026-10-14T10:02:00.000Z" } };
    const { c, sent, sleeps } = client([ok, new TypeError("wifi gone"), ok, leaseLost]);
    let turn = 0;
    const errors: unknown[] = [];
    const lost: ProtocolHttpError[] = [];
    const hb = c.startHeartbeat(job, {
      turn: () => ++turn,
      onError: (e) => errors.push(e),
      onLeaseLost: (e) => lost.push(e),
    });
    await hb.done;
    expect(sleeps).toEqual([30_000, 30_000, 30_000, 30_000]);
    expect(sent.map((s) => s.body)).toEqual([1, 2, 3, 4].map((n) => ({ leaseToken: job.lease.token, turn: n })));
    expect(sent.every((s) => s.url.endsWith(`/jobs/${job.id}/heartbeat`))).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(ProtocolNetworkError);
    expect(lost.map((e) => e.code)).toEqual(["lease_lost"]);
    expect(hb.lost).toBe(true);
    expect(hb.leaseLost.aborted).toBe(true);
  });

  it("stop() ends it without beating again or reporting a lost lease", async () => {
    const job = makeJob("sim-apples");
    const { c, sent } = client([], {
      sleep: (ms, signal) => new Promise((r) => signal?.addEventListener("abort", () => r())),
    });
    const hb = c.startHeartbeat(job, { onLeaseLost: () => expect.unreachable() });
    hb.stop();
    await hb.done;
    expect(sent).toHaveLength(0);
    expect(hb.lost).toBe(false);
    expect(hb.leaseLost.aborted).toBe(false);
  });
});

describe("backoffDelay", () => {
  it("doubles up to maxMs, with half of each step random", () => {
    const p = { initialMs: 500, maxMs: 15_000, factor: 2, maxAttempts: Infinity };
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(p, n, () => 0))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 7_500, 7_500,
    ]);
    expect([0, 1, 5].map((n) => backoffDelay(p, n, () => 0.999999))).toEqual([500, 1_000, 15_000]);
    expect(backoffDelay(p, 0, () => 0, 3_000)).toBe(3_000);
    expect(backoffDelay(p, 0, () => 0, 86_400_000)).toBe(300_000);
  });
});
