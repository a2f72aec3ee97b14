/**
 * True for the error a request body fails with when its client goes away mid-request (a phone
 * that lost Wi-Fi, a closed tab): Node's `aborted` (code ECONNRESET), a reset or broken pipe, or
 * the request's own abort signal. That is the client's doing, not a bug of the server, so it is
 * logged as one line instead of as an unexpected error with a stack.
 */
export function isClientAbort(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown };
  if (
    e.code === "ECONNRESET" ||
    e.code === "EPIPE" ||
    e.code === "ERR_STREAM_PREMATURE_CLOSE" ||
    e.message === "aborted" ||
    e.name === "AbortError"
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isClientAbort(e.cause);
}
