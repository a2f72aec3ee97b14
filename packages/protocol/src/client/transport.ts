import { ProtocolAbortedError, ProtocolHttpError, ProtocolNetworkError } from "./errors.ts";
import { type RetryPolicy, backoffDelay, isRetryable, parseRetryAfter } from "./retry.ts";

/** The part of `fetch` this client uses: the global one (browser, React Native, Node 18+) fits. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

/** Waits `ms`; may end early (resolve or reject) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryEvent {
  path: string;
  /** The try that failed (1 for the first). */
  attempt: number;
  delayMs: number;
  error: unknown;
}

export interface Transport {
  fetch: FetchLike;
  sleep: Sleep;
  random: () => number;
  base: string;
  token: string;
  timeoutMs: number;
  retry: RetryPolicy;
  onRetry?: (e: RetryEvent) => void;
}

export interface CallOptions {
  /** Stops the request and any wait before a retry (the promise rejects with ProtocolAbortedError). */
  signal?: AbortSignal;
  /** This call's retry policy over the client's, or `false` for a single try. */
  retry?: Partial<RetryPolicy> | false;
  /** Give up on an answer after this many ms (a ProtocolNetworkError, retried like one). */
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  json: unknown;
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done);
  });

/** One POST: the device token, a JSON body, a timeout; ≥ 400 and no answer become typed errors. */
async function once(
  t: Transport,
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<Answer> {
  if (signal?.aborted) throw new ProtocolAbortedError(path);
  // One controller for both the caller's signal and the timeout: AbortSignal.any is missing on older React Native.
  const ctl = new AbortController();
  const onAbort = () => ctl.abort();
  signal?.addEventListener("abort", onAbort);
  let timedOut = false;
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          ctl.abort();
        }, timeoutMs)
      : undefined;
  try {
    let res: Awaited<ReturnType<FetchLike>>;
    let text: string;
    try {
      res = await t.fetch(t.base + path, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${t.token}` },
        body: JSON.stringify(body),
        signal: ctl.signal,
      });
      // Read inside the same guard: a connection that drops mid-answer is no answer.
      text = await res.text();
    } catch (e) {
      if (signal?.aborted) throw new ProtocolAbortedError(path);
      if (timedOut) throw new ProtocolNetworkError(path, `no answer within ${timeoutMs} ms`, { cause: e });
      throw new ProtocolNetworkError(path, `no answer (${e instanceof Error ? e.message : String(e)})`, { cause: e });
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text; // a proxy's HTML error page, say: kept for the error message
    }
    if (res.status >= 400)
      throw new ProtocolHttpError(path, res.status, json, parseRetryAfter(res.headers.get("retry-after")));
    return { status: res.status, json };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * POSTs `body` to `path`, retrying network errors, 5xx and 429 with backoff. Every try sends the
 * same body, which is what makes a result safe to resend: the server recognises the lease token
 * and answers 200 with the run it already stored.
 */
export async function post(t: Transport, path: string, body: unknown, opts: CallOptions = {}): Promise<Answer> {
  const policy: RetryPolicy = opts.retry === false ? { ...t.retry, maxAttempts: 1 } : { ...t.retry, ...opts.retry };
  const timeoutMs = opts.timeoutMs ?? t.timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(t, path, body, opts.signal, timeoutMs);
    } catch (e) {
      if (!isRetryable(e) || attempt >= policy.maxAttempts) throw e;
      const delayMs = backoffDelay(
        policy,
        attempt - 1,
        t.random,
        e instanceof ProtocolHttpError ? e.retryAfterMs : undefined,
      );
      t.onRetry?.({ path, attempt, delayMs, error: e });
      await t.sleep(delayMs, opts.signal);
      if (opts.signal?.aborted) throw new ProtocolAbortedError(path);
    }
  }
}
