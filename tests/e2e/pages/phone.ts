import type { APIRequestContext } from "@playwright/test";
import { expect } from "../fixtures";

/** What a phone says about itself in a poll and a trace (protocol.md §1). */
export interface PhoneIdentity {
  device: { id: string; model: string; os: string };
  build: { commit: string; app: string; runtime: string; model: string };
}

export const PIXEL: PhoneIdentity = {
  device: { id: "e2e-pixel", model: "Pixel 9", os: "Android 16" },
  build: { commit: "abc1234", app: "0.7.0", runtime: "llama.rn 0.6", model: "gemma-4-e2b" },
};

export interface LeasedJob {
  id: string;
  attempt: number;
  lease: { token: string };
  task: { id: string; workspace: { files: { path: string; content: string }[] } };
  config: { id: string };
}

/**
 * A phone speaking the device protocol directly (no simulator), so a spec can lease a job and hold
 * it, heartbeat a turn, or submit exactly the trace it needs (a loop, a crash).
 */
export class Phone {
  private constructor(
    readonly request: APIRequestContext,
    readonly token: string,
    readonly identity: PhoneIdentity,
  ) {}

  /** Pairs a new device named `name` and speaks as it. */
  static async pair(request: APIRequestContext, name: string, identity: PhoneIdentity = PIXEL) {
    const r = await request.post("/api/devices", { data: { name } });
    expect(r.status()).toBe(201);
    return new Phone(request, (await r.json()).token, identity);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** Leases the next job, of `sessionId` only when given (v1.1 `sessions`): other specs' sessions may still hold queued jobs. */
  async lease(sessionId?: string): Promise<LeasedJob> {
    const poll = await this.request.post("/api/device/v1/poll", {
      headers: this.headers,
      data: {
        ...this.identity,
        state: { thermal: "nominal", battery: 0.8, charging: false },
        ...(sessionId ? { sessions: [sessionId] } : {}),
      },
    });
    expect(poll.status()).toBe(200);
    return (await poll.json()).job as LeasedJob;
  }

  async heartbeat(job: LeasedJob, turn: number) {
    const r = await this.request.post(`/api/device/v1/jobs/${job.id}/heartbeat`, {
      headers: this.headers,
      data: { leaseToken: job.lease.token, turn },
    });
    expect(r.status()).toBe(200);
  }

  /** Submits `trace(job)` merged over a minimal valid trace; returns the run id. */
  async submit(job: LeasedJob, over: Record<string, unknown> = {}): Promise<string> {
    const r = await this.request.post(`/api/device/v1/jobs/${job.id}/result`, {
      headers: this.headers,
      data: this.trace(job, over),
    });
    expect(r.status()).toBe(201);
    return (await r.json()).runId;
  }

  trace(job: LeasedJob, over: Record<string, unknown>) {
    return {
      leaseToken: job.lease.token,
      attempt: job.attempt,
      ...this.identity,
      startedAt: "2026-10-14T09:00:01Z",
      endedAt: "2026-10-14T09:00:09Z",
      conditions: { thermalAtStart: "nominal", thermalAtEnd: "fair", charging: false, battery: 0.8 },
      load: { startupTokens: 300, ms: 2200 },
      turns: [],
      reply: "",
      end: { reason: "stop" },
      peakContextTokens: 420,
      workspace: { files: job.task.workspace.files },
      ...over,
    };
  }
}

/** Queues a session through the dashboard API; returns its id. */
export async function queueSession(
  request: APIRequestContext,
  body: { name: string; tasks: string[]; configs: string[]; repeats?: number; leaseSeconds?: number },
): Promise<string> {
  const r = await request.post("/api/sessions", { data: { repeats: 1, order: "blocked", ...body } });
  expect(r.status()).toBe(201);
  return (await r.json()).session.id;
}
