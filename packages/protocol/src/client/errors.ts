import { ErrorBody } from "../schemas/errors.ts";

/** What an HTTP error's message says: the protocol's code and sentence when the body is one, else the start of the body. */
function describe(path: string, status: number, body: unknown): string {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) return `${path} answered ${status} ${parsed.data.error.code}: ${parsed.data.error.message}`;
  return `${path} answered HTTP ${status}: ${String(JSON.stringify(body)).slice(0, 300)}`;
}

/**
 * The dashboard answered with a status of 400 or more. `error` is the protocol's error body
 * (`{code, message, issues?}`) when the server sent one; a proxy's HTML page leaves it null and
 * keeps the text in `body`.
 */
export class ProtocolHttpError extends Error {
  override readonly name = "ProtocolHttpError";
  readonly error: ErrorBody["error"] | null;
  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
    /** The server's `Retry-After`, in ms, when it sent one (429, 503). */
    readonly retryAfterMs?: number,
  ) {
    super(describe(path, status, body));
    const parsed = ErrorBody.safeParse(body);
    this.error = parsed.success ? parsed.data.error : null;
  }
  /** The protocol's error code (`lease_lost`, `not_found`, `unauthorized`, …), when the body had one. */
  get code(): string | undefined {
    return this.error?.code;
  }
}

/** No answer: the connection failed, dropped, or the request timed out. Whether the server acted on it is unknown. */
export class ProtocolNetworkError extends Error {
  override readonly name = "ProtocolNetworkError";
  constructor(
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${message}`, options);
  }
}

/** The caller's AbortSignal stopped the request (or the wait before a retry). */
export class ProtocolAbortedError extends Error {
  override readonly name = "ProtocolAbortedError";
  constructor(readonly path: string) {
    super(`${path}: stopped by the caller before an answer came`);
  }
}

/** A 2xx answer whose body is not what protocol v1 says it is (a different server, a proxy, a bug). */
export class ProtocolResponseError extends Error {
  override readonly name: string = "ProtocolResponseError";
  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
    readonly issues: { path: string; message: string }[],
  ) {
    super(
      `${path} answered ${status} with a body this client does not understand: ${issues
        .map((i) => `${i.path}: ${i.message}`)
        .join("; ")
        .slice(0, 500)}`,
    );
  }
}

/**
 * A poll leased a job this client cannot parse. The lease is real, so when the job's id and lease
 * token could be read they are given here: hand the job back with `fail(jobId, {leaseToken,
 * reason: "invalid_job", detail: message})` rather than letting the lease run out.
 */
export class InvalidJobError extends ProtocolResponseError {
  override readonly name = "InvalidJobError";
  readonly jobId?: string;
  readonly leaseToken?: string;
  constructor(status: number, body: unknown, issues: { path: string; message: string }[]) {
    super("/poll", status, body, issues);
    const job = (body as { job?: { id?: unknown; lease?: { token?: unknown } } } | null)?.job;
    if (typeof job?.id === "string") this.jobId = job.id;
    if (typeof job?.lease?.token === "string") this.leaseToken = job.lease.token;
  }
}
