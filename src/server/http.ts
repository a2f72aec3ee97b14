import "server-only";
import { z } from "zod";
import { queryShape, queryValues, type ApiRoute, type QueryOf, type ReplyBody, type StatusOf } from "@/contracts";
import type { ApiErrorBody } from "@/contracts/errors";
import { toValidationIssues } from "@/domain/protocol/errors";
import { isClientAbort } from "@/domain/http/client-abort";
import { isJsonMediaType } from "@/domain/http/media-type";
import { jsonDepthExceeds } from "@/domain/protocol/json-depth";
import { unknownFieldIssues, unknownFields } from "@/domain/http/unknown-fields";
import { illFormedStrings, mayHoldLoneSurrogate } from "@/domain/protocol/well-formed";
import { ServiceError } from "./errors";

export const MiB = 1024 * 1024;
/** Traces may be up to 5 MiB (protocol.md §1); every other body is small. */
export const TRACE_LIMIT = 5 * MiB;
export const DEFAULT_LIMIT = 256 * 1024;
/**
 * Deepest nesting a JSON body may have. Real bodies nest about ten levels (a tool call's args,
 * a suite's check tree); far deeper ones would overflow the stack of the validators and
 * serialisers that walk them, a 500 instead of a 400.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The origin the caller reached this dashboard at, for links it will follow (the gate's compare
 * link). The request's own URL carries the name the server was started with (`localhost` when it
 * listens on every address); the `Host` header, which the edge has already checked is a name this
 * dashboard answers to, carries the one the caller used (`127.0.0.1:3000`, `lab.local:3000`).
 */
export function requestOrigin(req: Request): string {
  const url = new URL(req.url);
  const host = req.headers.get("host");
  return host ? `${url.protocol}//${host}` : url.origin;
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

export function errorResponse(err: ServiceError): Response {
  const body: ApiErrorBody = {
    error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) },
  };
  return json(body, err.status);
}

/**
 * The one mapper from a thrown value to the error body, for every route handler (and so for both
 * transports, Next.js and server/device-api.ts): a service error keeps its code; a zod error
 * anywhere (a schema parsed deep in a service) is a 400 listing its issues, not a 500; anything
 * else is a bug, logged, and a 500 in the same shape.
 */
export function toErrorResponse(err: unknown, req: Request): Response {
  if (err instanceof ServiceError) return errorResponse(err);
  if (err instanceof z.ZodError) {
    return errorResponse(
      new ServiceError(
        "invalid_request",
        "Some values are not valid; fix the ones listed in `issues`.",
        toValidationIssues(err),
      ),
    );
  }
  if (isClientAbort(err, req.signal)) {
    // Nobody is left to read an answer; one line says what happened (issue 14).
    console.warn(
      `[harness-lab] the client went away during ${req.method} ${new URL(req.url).pathname}; its request was dropped`,
    );
    return json(
      { error: { code: "invalid_request", message: "The request ended before its body arrived; send it again." } },
      400,
    );
  }
  console.error("[harness-lab] unexpected error", req.method, new URL(req.url).pathname, err);
  return errorResponse(
    new ServiceError("internal", "The server hit an unexpected error; the details are in its log. Try again."),
  );
}

/** The route's query string, parsed with its contract; a 400 naming each bad parameter. */
export function readQuery<R extends ApiRoute>(route: R, req: Request): QueryOf<R> {
  if (!route.query) throw new Error(`${route.id} has no query in its contract`);
  const params = new URL(req.url).searchParams;
  // No stored text holds U+0000 (PostgreSQL's text cannot), so a parameter with one can only fail
  // or match nothing: refused by name on both engines, before it reaches a query.
  const nul = [...new Set([...params].filter(([, v]) => v.includes("\u0000")).map(([k]) => k))];
  if (nul.length)
    throw new ServiceError(
      "invalid_request",
      "Some query parameters hold a NUL character (%00), which no name or id here contains; remove it from the ones listed in `issues`.",
      nul.map((k) => ({ path: k, message: "holds a NUL character (%00)" })),
    );
  // The dashboard refuses parameters it does not take (`?sesion=`) instead of ignoring them; the
  // device API keeps taking what protocol.md lets phones add.
  if (route.tag !== "device") {
    const known = Object.keys(queryShape(route.query));
    const unknown = [...new Set(params.keys())].filter((k) => !known.includes(k));
    if (unknown.length)
      throw new ServiceError(
        "invalid_request",
        `${unknown.length === 1 ? "A query parameter is" : "Some query parameters are"} not taken by ${route.method} ${route.path}; fix or remove the ones listed in \`issues\`.`,
        unknownFieldIssues(
          unknown.map((path) => ({ path, known })),
          "parameter",
        ),
      );
  }
  const parsed = route.query.safeParse(queryValues(route.query, params));
  if (!parsed.success) {
    throw new ServiceError(
      "invalid_request",
      route.queryError ?? "Some query parameters are not valid; fix the ones listed in `issues`.",
      toValidationIssues(parsed.error),
    );
  }
  return parsed.data as QueryOf<R>;
}

/**
 * A JSON answer the contract documents: `body` must be of the type its schema accepts for
 * `status` (checked by the compiler, not at run time: the body is sent exactly as the service
 * made it).
 */
export function reply<R extends ApiRoute, S extends StatusOf<R>>(
  _route: R,
  status: S,
  body: ReplyBody<R, S>,
): Response {
  return json(body, status);
}

/** Reads a body as text, refusing more than `limit` bytes without buffering past it. */
export async function readText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  const tooLarge = () =>
    new ServiceError(
      "payload_too_large",
      `The body is larger than ${Math.round(limit / 1024)} KiB; send a smaller one.`,
    );
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  // Each chunk is decoded as it arrives (64 KiB from a socket), so decoding a 5 MiB trace no longer
  // holds the thread in one piece (~40 ms here); what is left at the end is joining the parts (~35 ms).
  // Invalid UTF-8 is refused, not replaced with U+FFFD: a trace stored with silently altered text
  // would no longer be what the phone sent (issue 14).
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const notUtf8 = () =>
    new ServiceError("invalid_json", "The body is not valid UTF-8; encode it as UTF-8 and send it again.");
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    try {
      parts.push(decoder.decode(value, { stream: true }));
    } catch {
      await reader.cancel().catch(() => {});
      throw notUtf8();
    }
  }
  try {
    parts.push(decoder.decode());
  } catch {
    throw notUtf8();
  }
  return parts.join("");
}

/** Bodies above this many characters are read in steps with turns of the event loop between. */
const LARGE_BODY = 1 << 20;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A 415 in the user's words: a CSV is named as such, and `what` says what the route takes. */
const wrongType = (type: string, what = "the body") =>
  new ServiceError(
    "unsupported_media_type",
    /^text\/csv\b/i.test(type)
      ? `This is CSV (${type}); send ${what} as JSON with \`Content-Type: application/json\`.`
      : `Send ${what} as JSON with \`Content-Type: application/json\`.`,
  );

/** Whether the request's headers announce a body: a length above 0, or chunks. */
const declaresBody = (req: Request) => {
  const length = req.headers.get("content-length");
  return (length !== null && length.trim() !== "0") || req.headers.has("transfer-encoding");
};

export interface ReadJsonOptions {
  /**
   * What a body without `Content-Type` is. `refuse` (the dashboard's routes): a 415, as for any
   * other type that is not JSON, so the media type check does not depend on the Origin check
   * (issue 32). `json`: the device API only, since protocol.md does not ask phones built elsewhere
   * to send the header. A request without a body passes either way (POST /api/demo, cancel).
   */
  missingType?: "refuse" | "json";
  /** What the route takes, for the 415's sentence (default "the body"). */
  what?: string;
  /**
   * Fields the schema does not declare. `refuse` (the dashboard's routes): a 400 naming each and
   * the nearest known name, so a typo (`repeat` for `repeats`) never runs with the default in its
   * place. `ignore`: the device API, where protocol.md lets phones add fields.
   */
  unknownFields?: "refuse" | "ignore";
}

/**
 * The device API's bodies: protocol.md (§1) does not require phones to send `Content-Type`, and
 * lets them add fields.
 */
export const DEVICE_BODY: ReadJsonOptions = { missingType: "json", unknownFields: "ignore" };

/** Parses a JSON body against a schema; every problem is listed in the 400's `issues`. */
export async function readJson<S extends z.ZodType>(
  req: Request,
  schema: S,
  limit = DEFAULT_LIMIT,
  { missingType = "refuse", what, unknownFields: unknown = "refuse" }: ReadJsonOptions = {},
): Promise<{ data: z.output<S>; raw: string }> {
  const type = req.headers.get("content-type")?.trim() ?? "";
  // Parsed, not pattern-matched: `application/x-www-form-urlencoded; x=a+json` is a form (issue 14).
  if (type && !isJsonMediaType(type)) throw wrongType(type, what);
  const untyped = !type && missingType === "refuse";
  if (untyped && declaresBody(req)) throw wrongType(type, what);
  const raw = await readText(req, limit);
  // A body of no declared length (HTTP/1.0 to close, or a transport that drops the header).
  if (untyped && raw.length > 0) throw wrongType(type, what);
  // Decoding, parsing and validating a 5 MiB trace are each 10–100 ms of this thread; a turn of
  // the event loop between them lets other requests (a phone's poll, /api/health) in (ADR 6).
  const large = raw.length > LARGE_BODY;
  if (large) await turn();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ServiceError(
      "invalid_json",
      "The body is not valid JSON; check it with a JSON linter and send it again.",
    );
  }
  if (large) await turn();
  if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) {
    throw new ServiceError(
      "invalid_request",
      `The body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; send a flatter document.`,
      [{ path: "(body)", message: `nested deeper than ${MAX_JSON_DEPTH} levels` }],
    );
  }
  const badText = mayHoldLoneSurrogate(raw) ? illFormedStrings(value) : [];
  if (badText.length) {
    throw new ServiceError(
      "invalid_request",
      "Some strings in the body hold lone surrogates, which are not valid Unicode; fix the fields listed in `issues`.",
      badText,
    );
  }
  const strange = unknown === "refuse" ? unknownFieldIssues(unknownFields(schema, value)) : [];
  const parsed = schema.safeParse(value);
  if (!parsed.success || strange.length) {
    throw new ServiceError(
      "invalid_request",
      parsed.success
        ? "The body has fields this route does not take; fix or remove the ones listed in `issues`."
        : "The body does not match the expected shape; fix the fields listed in `issues`.",
      [...strange, ...(parsed.success ? [] : toValidationIssues(parsed.error))],
    );
  }
  return { data: parsed.data, raw };
}

/**
 * Wraps a route handler: whatever it throws is answered by `toErrorResponse`.
 */
export function route<A extends unknown[]>(fn: (req: Request, ...rest: A) => Promise<Response> | Response) {
  return async (req: Request, ...rest: A): Promise<Response> => {
    try {
      return await fn(req, ...rest);
    } catch (err) {
      return toErrorResponse(err, req);
    }
  };
}

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHandler = (req: Request, ...rest: any[]) => Promise<Response> | Response;
type Refusal = (req: Request) => Response;

const refusals = new WeakSet<object>();
/** True for a handler made by `otherMethods`: it only ever refuses. Lets tests tell them apart. */
export const isRefusal = (handler: unknown): boolean => typeof handler === "function" && refusals.has(handler);

/**
 * The handlers a route file does not implement. Next.js answers a method a route does not export
 * with an empty 405, which breaks the one error body of protocol.md; so every route file ends
 * with e.g. `export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET });`, and the
 * methods it names answer 405 with the error body and `Allow`. OPTIONS is here too because once
 * every method is exported, Next.js's own OPTIONS would claim them all.
 */
export function otherMethods<H extends Partial<Record<Method, AnyHandler>>>(
  implemented: H,
): Record<Exclude<Method, keyof H>, Refusal> & { OPTIONS: Refusal } {
  const real = METHODS.filter((m) => implemented[m] !== undefined);
  const allow = [...real, ...(real.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const list = real.length === 1 ? real[0] : `${real.slice(0, -1).join(", ")} or ${real[real.length - 1]}`;
  const refuse: Refusal = (req) => {
    const res = errorResponse(
      new ServiceError(
        "method_not_allowed",
        `This route accepts ${list}, not ${req.method}; send the request with ${list}.`,
      ),
    );
    res.headers.set("allow", allow);
    return res;
  };
  refusals.add(refuse);
  const options: Refusal = () => new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } });
  const missing = METHODS.filter((m) => implemented[m] === undefined);
  return { ...Object.fromEntries(missing.map((m) => [m, refuse])), OPTIONS: options } as Record<
    Exclude<Method, keyof H>,
    Refusal
  > & { OPTIONS: Refusal };
}
