import type { z } from "zod";
import {
  FailRequest,
  FailResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  type Job,
  PollRequest,
  PollResponse,
  ResultResponse,
} from "../schemas/messages.ts";
import { toValidationIssues } from "../schemas/errors.ts";
import type { Trace } from "../schemas/trace.ts";
import { InvalidJobError, ProtocolResponseError } from "./errors.ts";
import { type HeartbeatOptions, type HeartbeatTimer, startHeartbeatTimer } from "./heartbeat.ts";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry.ts";
import {
  type CallOptions,
  type FetchLike,
  type RetryEvent,
  type Sleep,
  type Transport,
  defaultSleep,
  post,
} from "./transport.ts";

export interface DeviceClientOptions {
  /** The dashboard's base URL, e.g. `http://192.168.1.20:3000`. */
  url: string;
  /** The device token created on the dashboard's Devices page. */
  token: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Defaults to a setTimeout wait that ends early on abort. */
  sleep?: Sleep;
  /** Jitter source in [0, 1); defaults to Math.random. */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Per request; a poll adds its `wait` (default 60,000). */
  timeoutMs?: number;
  /** Told about every retry, for logs. */
  onRetry?: (e: RetryEvent) => void;
}

export interface PollOptions extends CallOptions {
  /** Long-poll seconds (`?wait=N`), clamped to the protocol's 0–30; default 0. */
  wait?: number;
}

export type PollBody = z.input<typeof PollRequest>;
export type TraceBody = z.input<typeof Trace>;
export type HeartbeatBody = z.input<typeof HeartbeatRequest>;
export type FailBody = z.input<typeof FailRequest>;
export type FailAnswer = z.infer<typeof FailResponse>;
export type HeartbeatAnswer = z.infer<typeof HeartbeatResponse>;

/** A stored run: 201 stored now, 200 stored by an earlier try with the same lease token. */
export interface ResultAnswer extends ResultResponse {
  status: 200 | 201;
  /** Tries it took (1 when the first was answered). */
  attempts: number;
}

export interface DeviceClient {
  /** Leases the next job, or null on 204 (none now). */
  poll(body: PollBody, opts?: PollOptions): Promise<Job | null>;
  heartbeat(jobId: string, body: HeartbeatBody, opts?: CallOptions): Promise<HeartbeatAnswer>;
  /** Heartbeats on the lease's `heartbeatSeconds` until stopped or the lease is lost. */
  startHeartbeat(job: Pick<Job, "id" | "lease">, opts?: HeartbeatOptions): HeartbeatTimer;
  /** Submits a trace, retrying with the same lease token until the server answers. */
  result(jobId: string, trace: TraceBody, opts?: CallOptions): Promise<ResultAnswer>;
  /** Hands a job back for an infrastructure failure (the model could not load, …). */
  fail(jobId: string, body: FailBody, opts?: CallOptions): Promise<FailAnswer>;
}

function parse<S extends z.ZodType>(schema: S, path: string, status: number, json: unknown): z.infer<S> {
  const r = schema.safeParse(json);
  if (!r.success) throw new ProtocolResponseError(path, status, json, toValidationIssues(r.error));
  return r.data;
}

const jobPath = (id: string, verb: string) => `/jobs/${encodeURIComponent(id)}/${verb}`;

/**
 * A device's side of protocol v1 over `fetch` and `AbortController` only, so it runs in React
 * Native, a browser or Node alike. Requests that get no answer, a 5xx or a 429 are retried with
 * exponential backoff and jitter; other 4xx are thrown as ProtocolHttpError for the caller.
 */
export function createDeviceClient(opts: DeviceClientOptions): DeviceClient {
  const t: Transport = {
    fetch: opts.fetch ?? ((url, init) => fetch(url, init)),
    sleep: opts.sleep ?? defaultSleep,
    random: opts.random ?? Math.random,
    base: opts.url.replace(/\/+$/, "") + "/api/device/v1",
    token: opts.token,
    timeoutMs: opts.timeoutMs ?? 60_000,
    retry: { ...DEFAULT_RETRY, ...opts.retry },
    onRetry: opts.onRetry,
  };
  const heartbeat: DeviceClient["heartbeat"] = async (jobId, body, call) => {
    const path = jobPath(jobId, "heartbeat");
    const res = await post(t, path, body, call);
    return parse(HeartbeatResponse, path, res.status, res.json);
  };
  return {
    async poll(body, call = {}) {
      const wait = Math.max(0, Math.min(30, Math.floor(call.wait ?? 0)));
      const res = await post(t, `/poll?wait=${wait}`, body, {
        ...call,
        timeoutMs: (call.timeoutMs ?? t.timeoutMs) + wait * 1000,
      });
      if (res.status === 204) return null;
      const r = PollResponse.safeParse(res.json);
      if (!r.success) throw new InvalidJobError(res.status, res.json, toValidationIssues(r.error));
      return r.data.job;
    },
    heartbeat,
    startHeartbeat(job, hb = {}) {
      const every = hb.everyMs ?? job.lease.heartbeatSeconds * 1000;
      const beat = (signal: AbortSignal, turn: number | undefined) =>
        heartbeat(
          job.id,
          turn === undefined ? { leaseToken: job.lease.token } : { leaseToken: job.lease.token, turn },
          { signal, retry: false },
        );
      return startHeartbeatTimer(beat, every, t.sleep, hb);
    },
    async result(jobId, trace, call) {
      const path = jobPath(jobId, "result");
      let attempts = 0;
      const counted: Transport = {
        ...t,
        onRetry: (e) => {
          attempts = e.attempt;
          t.onRetry?.(e);
        },
      };
      const res = await post(counted, path, trace, call);
      const parsed = parse(ResultResponse, path, res.status, res.json);
      return { ...parsed, status: res.status === 200 ? 200 : 201, attempts: attempts + 1 };
    },
    async fail(jobId, body, call) {
      const path = jobPath(jobId, "fail");
      const res = await post(t, path, body, call);
      return parse(FailResponse, path, res.status, res.json);
    },
  };
}
