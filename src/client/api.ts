import type { z } from "zod";
import { fillPath, type ApiRoute, type BodyOf, type ResponseBody, type ResponseSpec, type StatusOf } from "@/contracts";
import { ErrorBody } from "@/domain/protocol/errors";

/** An API error with the server's one-sentence message and any field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** What a route answers on success: each documented status's body (undefined for one without, e.g. 204). */
export type Answer<R extends ApiRoute> = {
  [S in StatusOf<R>]: R["responses"][S] extends { schema: z.ZodType } ? ResponseBody<R, S> : undefined;
}[StatusOf<R>];

export interface CallOptions<R extends ApiRoute> {
  params?: Record<string, string>;
  query?: URLSearchParams | Record<string, string>;
  /** A JSON body, checked by the compiler against the route's body schema. */
  json?: BodyOf<R>;
  /** A body already serialised (a file's text) for routes whose body the server validates whole. */
  text?: string;
  signal?: AbortSignal;
}

/**
 * Calls a route of the contract: its path filled in, the body sent as JSON, the answer parsed with
 * the contract's schema for its status (a body that does not match is an error, not a silently
 * wrong value), the server's error body turned into an ApiError.
 */
export async function call<R extends ApiRoute>(route: R, opts: CallOptions<R> = {}): Promise<Answer<R>> {
  const qs = opts.query ? new URLSearchParams(opts.query).toString() : "";
  const url = fillPath(route.path, opts.params ?? {}) + (qs ? `?${qs}` : "");
  const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.text;
  let res: Response;
  try {
    res = await fetch(url, {
      method: route.method,
      headers: body !== undefined ? { "content-type": "application/json" } : {},
      body,
      signal: opts.signal,
    });
  } catch {
    throw new ApiError(0, "network", "The dashboard server did not answer; check that it is still running.");
  }
  const value: unknown = res.status === 204 ? undefined : await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorBody.safeParse(value);
    if (parsed.success)
      throw new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.issues);
    throw new ApiError(res.status, "http", `The server answered ${res.status}; try again.`);
  }
  const spec: ResponseSpec | undefined = (route.responses as Partial<Record<number, ResponseSpec>>)[res.status];
  if (!spec)
    throw new ApiError(
      res.status,
      "http",
      `The server answered ${res.status}, which this page does not expect; reload it and try again.`,
    );
  if (!spec.schema) return undefined as Answer<R>;
  const parsed = spec.schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError(
      res.status,
      "unexpected_body",
      "The server's answer does not match the API this page was built for; reload the page (the server may have been updated).",
    );
  }
  // Parsed with the schema of this status just above; the generic cannot follow the lookup.
  return parsed.data as Answer<R>;
}
