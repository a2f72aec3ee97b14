import "server-only";
import type { z } from "zod";
import { toValidationIssues } from "@/domain/protocol/errors";
import { jsonDepthExceeds } from "@/domain/protocol/json-depth";
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

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

export function errorResponse(err: ServiceError): Response {
  return json({ error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) } }, err.status);
}

/** Reads a body as text, refusing more than `limit` bytes without buffering past it. */
export async function readText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  const tooLarge = () =>
    new ServiceError("payload_too_large", `The body is larger than ${Math.round(limit / 1024)} KiB; send a smaller one.`);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

/** Parses a JSON body against a schema; every problem is listed in the 400's `issues`. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S, limit = DEFAULT_LIMIT): Promise<{ data: z.output<S>; raw: string }> {
  const type = req.headers.get("content-type") ?? "";
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ServiceError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const raw = await readText(req, limit);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ServiceError("invalid_json", "The body is not valid JSON; check it with a JSON linter and send it again.");
  }
  if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) {
    throw new ServiceError("invalid_request", `The body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; send a flatter document.`, [
      { path: "(body)", message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ServiceError("invalid_request", "The body does not match the expected shape; fix the fields listed in `issues`.", toValidationIssues(parsed.error));
  }
  return { data: parsed.data, raw };
}

/**
 * Wraps a route handler: service errors become their status with the error body; anything else
 * is a bug, logged, and answered with a 500 in the same shape.
 */
export function route<A extends unknown[]>(fn: (req: Request, ...rest: A) => Promise<Response> | Response) {
  return async (req: Request, ...rest: A): Promise<Response> => {
    try {
      return await fn(req, ...rest);
    } catch (err) {
      if (err instanceof ServiceError) return errorResponse(err);
      console.error("[harness-lab] unexpected error", req.method, new URL(req.url).pathname, err);
      return json({ error: { code: "internal", message: "The server hit an unexpected error; the details are in its log. Try again." } }, 500);
    }
  };
}
